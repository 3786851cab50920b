/**
 * Whether lazily loaded antd areas must bring their own ConfigProvider + App. In production AppRoot sets it: the
 * entry carries no antd so the login page stays light (issue 3). Tests wrap the whole shell in their own antd
 * providers and leave it unset, so what they render is unchanged.
 */
import { createContext } from 'react';

export const AntdFrameWanted = createContext(false);
