/**
 * Destructive steps the server refuses until the caller confirms them (e.g. deleting a department that still has
 * sub-departments or users). The refusal is a normal `success:false` envelope with this code and a question as its
 * message; the client asks the question and, on 确定, repeats the request with `confirm=true`.
 */
export const CONFIRM_REQUIRED_CODE = 409;
export const CONFIRM_PARAM = 'confirm';
