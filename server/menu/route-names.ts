/**
 * Route names of menu rows. The stock JeecgBoot Vue2 client registers one vue-router route per menu row, named by
 * its `component_name` (else by the url, JeecgBoot's urlToRouteName), and refuses a second route of the same name;
 * the name is also `meta.componentName`, which its keep-alive matches against the Vue component's own name.
 * So a page is named after its component's last segment (system/UserList → UserList), and a layout folder
 * (layouts/RouteView), whose component many rows share, after its url (/isystem → isystem).
 */

/** JeecgBoot's urlToRouteName: one leading slash dropped, `/` → `-`, `:` → `@` (/online/cgreport/:code → online-cgreport-@code). */
export function routeNameOfUrl(url: string): string {
  return url.replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '@');
}

export function isLayoutComponent(component: string): boolean {
  return component.startsWith('layouts/');
}

/** The component_name a menu row gets when none is given. */
export function defaultComponentName(component: string, url: string | null): string {
  if (isLayoutComponent(component) && url) return routeNameOfUrl(url);
  return component.split('/').pop() || component;
}
