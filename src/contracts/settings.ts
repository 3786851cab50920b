/** Branding and switches served publicly by `GET /setting/hySetting/queryPlatformSettings`. */
export interface PlatformSettings {
  platformName: string;
  /** Logo for dark navigation (URL or data URL). */
  logo: string;
  /** Logo for light navigation. */
  logoLight: string;
  /** Title next to the sidebar logo. */
  logoTitle: string;
  /** Login page background image (URL or data URL); empty for the default gradient. */
  loginBackground: string;
  footerAddress: string;
  servicePhone: string;
  companyName: string;
  companyLink: string;
  /** ICP record number (ICP备案号). */
  recordNumber: string;
  /** Network-freight operating licence number. */
  licenseNumber: string;
  /** Whether vehicle track screens are enabled. */
  vehicleTrack: boolean;
  /** CAS login address (with this app's service) when single sign-on is configured on the server; '' otherwise. */
  casLoginUrl: string;
  /** Start address of third-party (OAuth 2.0) login when the server has it configured; '' otherwise. */
  thirdLoginUrl: string;
  /** Name of the third-party provider for the login button (e.g. 企业微信). */
  thirdLoginName: string;
  /**
   * Whether the password login asks for the image captcha (the server's LOGIN_CAPTCHA). Even when false, the server
   * demands one after repeated failures of an account (code 412), and the login page then shows it.
   */
  loginCaptcha: boolean;
  /** 静态资源域名 (平台设置): prefixes stored relative file paths in the browser; '' means this server. */
  staticDomain: string;
  /** 银行回单域名 (平台设置): the same for fields with `fileDomain: "bank"` (bank receipts); '' means this server. */
  bankReceiptDomain: string;
}

/** What an unconfigured platform shows: the server answers with these when nothing is stored, the browser until it has an answer. */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  platformName: '网络货运平台',
  logo: '/logo.svg',
  logoLight: '/logo.svg',
  logoTitle: '网络货运',
  loginBackground: '',
  footerAddress: '',
  servicePhone: '',
  companyName: '',
  companyLink: '',
  recordNumber: '',
  licenseNumber: '',
  vehicleTrack: false,
  casLoginUrl: '',
  thirdLoginUrl: '',
  thirdLoginName: '',
  loginCaptcha: true,
  staticDomain: '',
  bankReceiptDomain: '',
};
