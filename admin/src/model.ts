/** The shapes the REST interface answers, as far as the screens read them. */

export interface CurrentUser {
  userId: string;
  givenName: string;
  surname: string;
  email: string;
  admin: boolean;
}

export interface User {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  active: boolean;
  roles: string[];
  createDate: number;
}

export interface Role {
  id: string;
  name: string;
}

export interface ApiKey {
  id: string;
  userId: string;
  issueDate: number;
  expiresDate: number;
  revokedDate: number | null;
  allowNetwork: string | null;
  claims: { label?: string };
  revoked: boolean;
  expired: boolean;
}

export interface Site {
  identifier: string;
  siteName: string;
  systemHost: boolean;
  archived: boolean;
}

export interface Counted {
  count: number;
}

export interface AnalyticsSummary {
  totals: Record<string, number>;
  pageviewsByDay: Array<{ day: string } & Counted>;
  topPages: Array<{ url: string } & Counted>;
  topContentByImpressions: Array<{ identifier: string; title: string | null } & Counted>;
  topContentByClicks: Array<{ identifier: string; title: string | null } & Counted>;
  conversions: Array<{ name: string } & Counted>;
  sessions: number;
  uniqueVisitors: number;
}

/** A key's state as the list shows it. */
export function keyStatus(key: ApiKey): 'active' | 'expired' | 'revoked' {
  return key.revoked ? 'revoked' : key.expired ? 'expired' : 'active';
}
