/** The company footer of the public pages: address, service phone, copyright, ICP record and licence, from settings. */
import type { CSSProperties } from 'react';
import { usePlatformSettings } from '../settings.tsx';

const LICENCE_LABEL = '网络货运经营许可证';

/**
 * The licence line. 平台设置 holds free text: a bare number gets the label, while a value that already names its
 * licence (e.g. 网络货运道路运输经营许可证 150602000001) shows as entered rather than under a second label.
 */
export function licenceLine(value: string): string {
  return value.includes('许可证') ? value : `${LICENCE_LABEL}：${value}`;
}

export function PlatformFooter({ style }: { style?: CSSProperties }) {
  const settings = usePlatformSettings();
  const contact = [
    settings.footerAddress && `地址：${settings.footerAddress}`,
    settings.servicePhone && `客服电话：${settings.servicePhone}`,
  ].filter(Boolean);
  const legal = [
    settings.companyName && `Copyright © ${new Date().getFullYear()} ${settings.companyName}`,
    settings.recordNumber,
    settings.licenseNumber && licenceLine(settings.licenseNumber),
  ].filter(Boolean);
  return (
    <footer style={{ textAlign: 'center', padding: '16px', fontSize: 12, lineHeight: '22px', ...style }}>
      {contact.length > 0 ? <div>{contact.join('　')}</div> : null}
      {legal.length > 0 ? <div>{legal.join('　')}</div> : null}
    </footer>
  );
}
