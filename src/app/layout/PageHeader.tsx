/**
 * The heading above a screen: breadcrumb and title. Description, links, an extra image, a search box and tabs are
 * accepted for screens that will want them; for now the shell passes the title only.
 */
import type { ReactNode } from 'react';
import { Breadcrumb, Typography } from 'antd';
import { Link } from 'react-router';
import type { Crumb } from './menu-index.ts';

export interface PageHeaderProps {
  title: string;
  breadcrumb?: Crumb[];
  description?: ReactNode;
  links?: Array<{ title: string; href: string }>;
  extraImage?: string;
  search?: boolean;
  tabs?: Array<{ key: string; label: string }>;
}

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <Breadcrumb
      aria-label="面包屑"
      items={trail.map((crumb) => ({
        key: crumb.path ?? crumb.title,
        title: crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
      }))}
    />
  );
}

export function PageHeader({ title, breadcrumb, description }: PageHeaderProps) {
  return (
    <div style={{ padding: '12px 24px 0' }}>
      {breadcrumb ? <Breadcrumbs trail={breadcrumb} /> : null}
      <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
        {title}
      </Typography.Title>
      {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
    </div>
  );
}
