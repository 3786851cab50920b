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
}
