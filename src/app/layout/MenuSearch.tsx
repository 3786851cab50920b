/**
 * 搜索菜单: type part of a menu title, pick a screen, go there. On desktop a search box in the header; on mobile
 * a search icon that opens the same box in a dialog.
 */
import { useState } from 'react';
import { Button, Modal, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { SearchableMenu } from './menu-index.ts';

const LABEL = '搜索菜单';

function SearchBox({ menus, onChosen, autoFocus }: { menus: SearchableMenu[]; onChosen?(): void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const options = menus.map((menu) => ({ value: menu.path, label: menu.title }));
  return (
    <Select<string>
      aria-label={LABEL}
      placeholder={LABEL}
      showSearch={{ optionFilterProp: 'label' }}
      autoFocus={autoFocus}
      options={options}
      value={null}
      virtual={false}
      suffixIcon={<SearchOutlined />}
      style={{ width: 200 }}
      onChange={(path) => {
        const chosen = menus.find((menu) => menu.path === path);
        if (chosen?.externalUrl) window.open(chosen.externalUrl, '_blank', 'noopener');
        else if (chosen) navigate(chosen.path);
        onChosen?.();
      }}
    />
  );
}

export function MenuSearch({ menus, mobile }: { menus: SearchableMenu[]; mobile: boolean }) {
  const [open, setOpen] = useState(false);
  if (!mobile) return <SearchBox menus={menus} />;
  return (
    <>
      <Button type="text" aria-label={LABEL} icon={<SearchOutlined />} onClick={() => setOpen(true)} />
      <Modal title={LABEL} open={open} footer={null} destroyOnHidden onCancel={() => setOpen(false)}>
        <SearchBox menus={menus} autoFocus onChosen={() => setOpen(false)} />
      </Modal>
    </>
  );
}
