/** Dashboard figures (contract §6.8): `GET /sys/loginfo` and `GET /sys/visitInfo`, counted over login logs. */

export interface LoginInfo {
  /** Successful logins in the tenant, ever. */
  totalVisitCount: number;
  /** Successful logins today. */
  todayVisitCount: number;
  /** Distinct addresses that logged in today. */
  todayIp: number;
}

/** One of the last seven days, oldest first; days without a login are there with zeros. */
export interface VisitDay {
  visit: number;
  ip: number;
  /** yyyy-MM-dd */
  tian: string;
  /** MM-dd, the chart's axis label. */
  type: string;
}
