/** Paths of the public pages that light modules need without loading the (antd) pages themselves. */
export const REGISTER_RESULT_PATH = '/user/register-result';
