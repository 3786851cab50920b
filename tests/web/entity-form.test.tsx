import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { entityWriteSchema } from '../../src/contracts/index.ts';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import { HttpError } from '../../src/http/errors.ts';
import { dictionaries, driverEntity, VALID_ID_CARD } from './fixtures/driver.ts';
import { renderWithServices, stubData, stubLookups } from './helpers/render-screen.tsx';

function renderForm(data = stubData(), mode: 'add' | 'edit' = 'add') {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithServices(
    <EntityForm
      entity={driverEntity}
      mode={mode}
      recordId={mode === 'edit' ? 'd1' : undefined}
      open
      onClose={onClose}
      onSaved={onSaved}
    />,
    { data, dicts: dictionaries },
  );
  return { data, onSaved, onClose };
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]);
}

describe('form renderer', () => {
  it('is a modal titled 新增司机 with 确定 and 取消', async () => {
    const { onClose } = renderForm();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增司机')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/姓名/)).toBeInTheDocument();
    // rjsf's own submit button is hidden; the modal's 确定 submits.
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    const cancel = within(dialog).getByText('取消');
    await userEvent.setup().click(cancel);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's sentences for a bad phone and a missing name", async () => {
    const user = userEvent.setup();
    const { data } = renderForm();
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText(/手机号/), '12345');
    await user.click(screen.getByRole('button', { name: '确定' }));

    expect(await screen.findByText('请输入正确的11位手机号码')).toBeInTheDocument();
    expect(screen.getByText('请输入姓名')).toBeInTheDocument();
    expect(screen.getByText('请输入身份证号')).toBeInTheDocument();
    expect(data.create).not.toHaveBeenCalled();
  });

  it('creates the record with normalised data when valid', async () => {
    const user = userEvent.setup();
    const { data, onSaved } = renderForm();
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText(/姓名/), '  张三  ');
    await user.type(screen.getByLabelText(/身份证号/), VALID_ID_CARD);
    await user.type(screen.getByLabelText(/手机号/), '13800138000');
    await chooseOption(user, '准驾车型', 'B2');
    await user.click(screen.getByRole('button', { name: '确定' }));

    await waitFor(() => expect(data.create).toHaveBeenCalledTimes(1));
    expect(data.create).toHaveBeenCalledWith('/hydriver/hyDriver', {
      driverName: '张三',
      idCard: VALID_ID_CARD,
      telephone: '13800138000',
      vehicleClass: 'B2',
      ownerType: '1',
      creditScore: 100,
      reviewStatus: '1',
    });
    expect(onSaved).toHaveBeenCalledWith('添加成功！');
  });

  it('starts a new record from the platform configuration where a field has configDefault', async () => {
    const user = userEvent.setup();
    const entity = { ...driverEntity, fields: { ...driverEntity.fields, creditScore: { ...driverEntity.fields.creditScore, configDefault: 'defaultCreditScore' } } };
    const platformConfig = vi.fn(async () => ({ defaultCreditScore: 90 }));
    const data = stubData();
    renderWithServices(<EntityForm entity={entity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, {
      data, dicts: dictionaries, lookups: stubLookups({ platformConfig }),
    });
    await screen.findByRole('dialog');
    await waitFor(() => expect(screen.getByLabelText(/信用分/)).toHaveValue('90'));
    await user.type(screen.getByLabelText(/姓名/), '李四');
    await user.type(screen.getByLabelText(/身份证号/), VALID_ID_CARD);
    await user.type(screen.getByLabelText(/手机号/), '13800138000');
    await chooseOption(user, '准驾车型', 'B2');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.create).toHaveBeenCalledWith('/hydriver/hyDriver', expect.objectContaining({ creditScore: 90 })));
    expect(platformConfig).toHaveBeenCalledTimes(1);
  });

  it('starts a new record at today where a date field defaults to $now', async () => {
    const entity = { ...driverEntity, fields: { ...driverEntity.fields, validPeriodFrom: { ...driverEntity.fields.validPeriodFrom, default: '$now' } } };
    const today = dayjs().format('YYYY-MM-DD');
    renderWithServices(<EntityForm entity={entity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, { data: stubData(), dicts: dictionaries });
    await screen.findByRole('dialog');
    expect(screen.getByLabelText(/有效期起/)).toHaveValue(today);
    // A literal "$now" is never a JSON Schema default (it would be typed into the field or fail its format).
    expect(JSON.stringify(entityWriteSchema(entity))).not.toContain('$now');
  });

  it('marks the fields the server refused and shows its message', async () => {
    const user = userEvent.setup();
    const data = stubData();
    data.create.mockRejectedValueOnce(
      new HttpError({
        status: 200,
        code: 500,
        message: '手机号已被其他司机使用',
        fieldErrors: [{ field: 'telephone', message: '手机号已被其他司机使用' }],
      }),
    );
    const { onSaved } = renderForm(data);
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText(/姓名/), '张三');
    await user.type(screen.getByLabelText(/身份证号/), VALID_ID_CARD);
    await user.type(screen.getByLabelText(/手机号/), '13800138000');
    await chooseOption(user, '准驾车型', 'B2');
    await user.click(screen.getByRole('button', { name: '确定' }));

    // Once as the toast, once inline under the field.
    await waitFor(() => expect(screen.getAllByText('手机号已被其他司机使用')).toHaveLength(2));
    expect(onSaved).not.toHaveBeenCalled();

    // Editing the field withdraws the inline complaint (the toast stays until it fades).
    await user.clear(screen.getByLabelText(/手机号/));
    await user.type(screen.getByLabelText(/手机号/), '13900139000');
    await waitFor(() => expect(screen.getAllByText('手机号已被其他司机使用')).toHaveLength(1));
  });

  it('loads the record for editing and sends the update with its id', async () => {
    const user = userEvent.setup();
    const data = stubData(undefined, {
      id: 'd1',
      driverName: '李四',
      idCard: VALID_ID_CARD,
      telephone: '13900139000',
      vehicleClass: 'A2',
      ownerType: '2',
      reviewStatus: '2',
      validPeriodTo: '2030-01-01 00:00:00',
      createTime: '2024-01-01 00:00:00',
      reviewStatus_dictText: '审核通过',
    });
    const { onSaved } = renderForm(data, 'edit');
    expect(await screen.findByText('编辑司机')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('李四')).toBeInTheDocument();
    expect(data.getOne).toHaveBeenCalledWith('/hydriver/hyDriver', 'd1');

    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.update).toHaveBeenCalledTimes(1));
    expect(data.update).toHaveBeenCalledWith('/hydriver/hyDriver', 'd1', {
      driverName: '李四',
      idCard: VALID_ID_CARD,
      telephone: '13900139000',
      vehicleClass: 'A2',
      ownerType: '2',
      reviewStatus: '2',
      validPeriodTo: '2030-01-01',
      creditScore: 100,
      // Empty fields are sent as null so the server clears them (it changes only properties present).
      licenseNo: null,
      issuingOrganizations: null,
      validPeriodFrom: null,
      qualificationCertificate: null,
      qualificationValidTo: null,
      bankName: null,
      bankCardNo: null,
      payeeName: null,
      payeeIdCard: null,
      payeeBankCardNo: null,
      payeeBankName: null,
      idCardFrontImg: null,
      idCardBackImg: null,
      licenseImg: null,
      qualificationImg: null,
      attachments: null,
      remark: null,
    });
    expect(onSaved).toHaveBeenCalledWith('编辑成功!');
  });

  // Issue 21 finding 4: a state the operations own is shown, never chosen in the form.
  it('shows 审核状态 read-only at 待审核 when adding a driver, and offers only the initial states where a schema lists several', async () => {
    renderForm();
    const dialog = await screen.findByRole('dialog');
    const state = within(dialog).getByLabelText(/审核状态/);
    expect(state.closest('.ant-select')).toHaveClass('ant-select-disabled');
    expect(within(dialog).getByText('待审核')).toBeInTheDocument();
  });

  it('offers only the states a new record may start in', async () => {
    const user = userEvent.setup();
    const entity = { ...driverEntity, initialStates: { reviewStatus: ['0', '1'] } };
    renderWithServices(<EntityForm entity={entity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, { data: stubData(), dicts: dictionaries });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(/审核状态/));
    const listbox = await screen.findByRole('listbox');
    const offered = within(listbox).getAllByRole('option').map((option) => option.textContent);
    expect(offered.length).toBe(2);
    expect(offered.join()).not.toContain('审核通过');
  });

  it('sends one Idempotency-Key per opening for money-moving entities, the same again after a refusal (issue 22, item 1)', async () => {
    const user = userEvent.setup();
    const data = stubData();
    data.create.mockRejectedValueOnce(new HttpError({ status: 200, code: 500, message: '还款金额不能少于垫付金额 1234.50 元', fieldErrors: [] }));
    const entity = { ...driverEntity, idempotencyKey: true };
    const opened = () =>
      renderWithServices(<EntityForm entity={entity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, { data, dicts: dictionaries });
    const fillAndSave = async () => {
      await screen.findByRole('dialog');
      await user.type(screen.getByLabelText(/姓名/), '张三');
      await user.type(screen.getByLabelText(/身份证号/), VALID_ID_CARD);
      await user.type(screen.getByLabelText(/手机号/), '13800138000');
      await chooseOption(user, '准驾车型', 'B2');
      await user.click(screen.getByRole('button', { name: '确定' }));
    };
    const { unmount } = opened();
    await fillAndSave();
    await screen.findByText('还款金额不能少于垫付金额 1234.50 元');
    // 确定 again: the same submission. (Found by its text: after the refusal jsdom's role query no longer names it.)
    await user.click(screen.getAllByRole('button', { hidden: true }).find((button) => button.textContent === '确定')!);
    await waitFor(() => expect(data.create).toHaveBeenCalledTimes(2));
    const [first, second] = data.create.mock.calls.map((call) => (call[2] as { idempotencyKey: string }).idempotencyKey);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    unmount();
    opened();
    await fillAndSave();
    await waitFor(() => expect(data.create).toHaveBeenCalledTimes(3));
    expect((data.create.mock.calls[2][2] as { idempotencyKey: string }).idempotencyKey).not.toBe(first);
  });
});
