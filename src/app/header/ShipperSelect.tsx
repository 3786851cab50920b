/**
 * The header's shipper selector (issue 3), for customer admins (user type 6) only: the shippers they manage
 * (`myList`, the current one marked isUsed '1'). Choosing another asks the server to switch (`selectCustomer`),
 * shows its sentence, then reloads the page: every open screen was loaded for the previous shipper. Plain React
 * (the shell's searchable combobox), as it paints with the header.
 */
import { useEffect, useRef, useState } from 'react';
import { StorageKeys } from '../../http/storage.ts';
import { toastFailure } from '../../http/errors.ts';
import { useAppDeps } from '../deps.tsx';
import { useSession } from '../session.tsx';
import { ComboBox } from '../shell/ComboBox.tsx';
import { Icon } from '../shell/icons.tsx';
import { useShellMessage } from '../shell/toast.tsx';

export const CUSTOMER_ADMIN_USER_TYPE = 6;
export const MY_CUSTOMERS_URL = '/customer/hyCustomerAdmin/myList';
export const SELECT_CUSTOMER_URL = '/customer/hyCustomerAdmin/selectCustomer';
/** Long enough to read the server's sentence before the page reloads. */
export const RELOAD_DELAY_MS = 1200;

export interface MyCustomer {
  customerId: string;
  customerName: string;
  isUsed: '0' | '1';
}

interface ShipperSelectProps {
  dark?: boolean;
  /** What happens after a switch; the whole page reloads by default. */
  reload?(): void;
}

/** The page reload, as an object so tests can watch it (jsdom cannot navigate). */
export const pageReload = { run: (): void => window.location.reload() };
const reloadPage = () => pageReload.run();

export function ShipperSelect({ dark, reload = reloadPage }: ShipperSelectProps) {
  const session = useSession();
  const { http, storage } = useAppDeps();
  const message = useShellMessage();
  const [customers, setCustomers] = useState<MyCustomer[]>();
  const [switching, setSwitching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const isCustomerAdmin = session.user?.userType === CUSTOMER_ADMIN_USER_TYPE;

  useEffect(() => {
    if (!isCustomerAdmin) return;
    let live = true;
    // A failure leaves the selector out; the client announces transport errors itself.
    http.getResult<MyCustomer[]>(MY_CUSTOMERS_URL).then((list) => live && setCustomers(list), () => undefined);
    return () => {
      live = false;
    };
  }, [http, isCustomerAdmin]);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!isCustomerAdmin || !customers || customers.length === 0) return null;
  const current = customers.find((c) => c.isUsed === '1')?.customerId;

  async function choose(customerId: string) {
    if (customerId === current) return;
    setSwitching(true);
    try {
      const envelope = await http.request<unknown>({ method: 'put', url: SELECT_CUSTOMER_URL, data: { customerId } });
      setCustomers((list) => list?.map((c) => ({ ...c, isUsed: c.customerId === customerId ? '1' : '0' })));
      // The login's `cid` (JeecgBoot's Login_Cid) follows the switch, as a fresh login would store it.
      storage.set(StorageKeys.cid, customerId);
      message.success(envelope.message);
      timer.current = setTimeout(reload, RELOAD_DELAY_MS);
    } catch (error: unknown) {
      toastFailure(message, error);
      setSwitching(false);
    }
  }

  return (
    <ComboBox
      label="当前货主"
      placeholder="选择货主"
      value={current}
      busy={switching}
      disabled={switching}
      className={dark ? 'shell-shipper-select is-dark' : 'shell-shipper-select'}
      suffix={<Icon name="down" />}
      options={customers.map((c) => ({ value: c.customerId, label: c.customerName }))}
      onChange={(value) => void choose(value)}
    />
  );
}
