/** Pieces the account dialogs and pages share: password rules and the props of a dialog that cannot be dismissed. */
import type { FormRule, ModalProps } from 'antd';
import { isStrongPassword, PASSWORD_POLICY_MESSAGE } from '../../contracts/password-policy.ts';

export const MISMATCH_MESSAGE = '两次输入的密码不一样！';

/** New password: required, then the shared policy (empty is the `required` rule's business). */
export const NEW_PASSWORD_RULES: FormRule[] = [
  { required: true, message: '请输入新密码!' },
  {
    validator: async (_, value: unknown) => {
      if (typeof value === 'string' && value !== '' && !isStrongPassword(value)) throw new Error(PASSWORD_POLICY_MESSAGE);
    },
  },
];

/** Confirmation of the field named `passwordField`. */
export function confirmPasswordRules(passwordField: string): FormRule[] {
  return [
    { required: true, message: '请确认新密码!' },
    ({ getFieldValue }) => ({
      validator: async (_, value: unknown) => {
        if (value && value !== getFieldValue(passwordField)) throw new Error(MISMATCH_MESSAGE);
      },
    }),
  ];
}

/** A mandatory dialog has no close button, Escape or mask click, and only its OK button. */
export function dismissProps(mandatory: boolean, onClose: () => void): Partial<ModalProps> {
  return {
    onCancel: mandatory ? undefined : onClose,
    closable: !mandatory,
    keyboard: !mandatory,
    mask: { closable: !mandatory },
    footer: mandatory ? (_, { OkBtn }) => <OkBtn /> : undefined,
  };
}
