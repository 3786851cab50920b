import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import { dictionaries, driverEntity, VALID_ID_CARD } from './fixtures/driver.ts';
import { IDLE_MS } from '../../renderers/form/deferred-change.tsx';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';

// Text fields type into their own state and hand the value to the form when typing pauses or the field is left
// (renderers/form/deferred-change.tsx); whatever reads the form first must still see what is on screen.
describe('typing into a form field', () => {
  it('shows the text at once and submits it even when 确定 comes before the form has taken it', async () => {
    const user = userEvent.setup();
    const data = stubData();
    renderWithServices(<EntityForm entity={driverEntity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, { data, dicts: dictionaries });
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText(/身份证号/), VALID_ID_CARD);
    await user.type(screen.getByLabelText(/手机号/), '13800138000');
    await user.click(screen.getByLabelText('准驾车型'));
    const options = await screen.findAllByTitle('B2');
    await user.click(options[options.length - 1]);

    const name = screen.getByLabelText(/姓名/);
    // The change and the click in one go: the deferred hand-over has had no task to run in.
    act(() => {
      fireEvent.change(name, { target: { value: '王五' } });
      fireEvent.click(screen.getByRole('button', { name: '确定' }));
    });
    expect(name).toHaveValue('王五');
    await waitFor(() => expect(data.create).toHaveBeenCalledTimes(1));
    expect(data.create).toHaveBeenCalledWith('/hydriver/hyDriver', expect.objectContaining({ driverName: '王五', telephone: '13800138000' }));
  });

  it('keeps typing that arrives while the form is still taking the previous keystroke', async () => {
    const data = stubData();
    renderWithServices(<EntityForm entity={driverEntity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, { data, dicts: dictionaries });
    await screen.findByRole('dialog');
    const name = screen.getByLabelText(/姓名/);
    act(() => {
      fireEvent.change(name, { target: { value: '王' } });
      fireEvent.change(name, { target: { value: '王五' } });
    });
    expect(name).toHaveValue('王五');
    // Once the form has taken the value it stays what was typed last.
    await act(() => new Promise((resolve) => setTimeout(resolve, IDLE_MS + 50)));
    expect(name).toHaveValue('王五');
  });

  it('hands a paused value to the form, which then validates it, without waiting for a submit', async () => {
    renderWithServices(<EntityForm entity={driverEntity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, { data: stubData(), dicts: dictionaries });
    await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/手机号/), '123');
    await user.tab();
    // Left the field: the form has the value now, so a submit names the bad phone number.
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入正确的11位手机号码')).toBeInTheDocument();
  });
});
