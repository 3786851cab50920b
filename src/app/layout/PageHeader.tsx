/**
 * The heading above a screen: breadcrumb and title, with the optional description, link list, extra image,
 * search flag and tabs of antd-pro's page header (issue 3). Plain React: part of the shell's first paint.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Crumb } from './menu-index.ts';

export interface PageHeaderProps {
  title: string;
  breadcrumb?: Crumb[];
  description?: ReactNode;
  links?: Array<{ title: string; href: string }>;
  extraImage?: string;
  /** Shows a search box under the title; `onSearch` receives what was typed. */
  search?: boolean;
  onSearch?(text: string): void;
  tabs?: Array<{ key: string; label: string }>;
  activeTab?: string;
  onTabChange?(key: string): void;
}

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="面包屑" className="shell-breadcrumb">
      <ol>
        {trail.map((crumb, index) => (
          <li key={crumb.path ?? `${index}:${crumb.title}`}>
            {index > 0 ? (
              <span className="shell-breadcrumb-separator" aria-hidden="true">
                /
              </span>
            ) : null}
            {crumb.path ? (
              <Link to={crumb.path}>{crumb.title}</Link>
            ) : (
              <span aria-current={index === trail.length - 1 ? 'page' : undefined}>{crumb.title}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function PageHeader({ title, breadcrumb, description, links, extraImage, search, onSearch, tabs, activeTab, onTabChange }: PageHeaderProps) {
  return (
    <div className="shell-page-header">
      {breadcrumb ? <Breadcrumbs trail={breadcrumb} /> : null}
      <div className="shell-page-header-main">
        <div className="shell-page-header-text">
          <h1 className="shell-page-title">{title}</h1>
          {description ? <div className="shell-page-description">{description}</div> : null}
          {links && links.length > 0 ? (
            <ul className="shell-page-links">
              {links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.title}</a>
                </li>
              ))}
            </ul>
          ) : null}
          {search ? (
            <form
              role="search"
              className="shell-page-search"
              onSubmit={(event) => {
                event.preventDefault();
                onSearch?.(String(new FormData(event.currentTarget).get('q') ?? ''));
              }}
            >
              <input name="q" type="search" aria-label={`搜索${title}`} placeholder="请输入" />
              <button type="submit">搜索</button>
            </form>
          ) : null}
        </div>
        {extraImage ? <img className="shell-page-extra" src={extraImage} alt="" /> : null}
      </div>
      {tabs && tabs.length > 0 ? (
        <div role="tablist" aria-label={title} className="shell-page-tabs">
          {tabs.map((tab) => (
            <button
              key={tab.key}
              type="button"
              role="tab"
              aria-selected={tab.key === (activeTab ?? tabs[0].key)}
              onClick={() => onTabChange?.(tab.key)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
