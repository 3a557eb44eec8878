import { describe, expect, it } from 'vitest';

import type { Me } from '@/shared/api/types';

import { avatarMenuItems, cvBaseItem, dashboardItem, faqPath, samplesItem, sidebarItems } from './navigation';

const user = (roles: Me['roles']): Me => ({ username: 'u@example.ee', roles, profile: {}, company: null });

describe('navigation by role', () => {
  it('gives employers their FAQ and everyone else the job seekers’', () => {
    expect(faqPath(user(['USER', 'EMPLOYER']))).toBe('/faq-employers');
    expect(faqPath(user(['USER', 'APPLICANT']))).toBe('/faq-applicants');
    expect(faqPath(null)).toBe('/faq-applicants');
  });

  it('shows home in the sidebar of signed-in users only below the desktop width', () => {
    expect(sidebarItems(null).find((item) => item.key === 'home')?.mobileOnly).toBe(false);
    expect(sidebarItems(user(['USER', 'APPLICANT'])).find((item) => item.key === 'home')?.mobileOnly).toBe(true);
  });

  it('lists the role pages in the avatar menu', () => {
    expect(avatarMenuItems(user(['USER', 'EMPLOYER'])).map((item) => item.key)).toEqual(['my-vacancies', 'create-vacancy', 'my-interviews', 'my-calendar', 'messages', 'cv-base', 'my-invoices', 'my-services', 'my-company', 'premium-services', 'courses', 'outsource', 'employer-profile', 'employer-my-data', 'companies']);
    expect(avatarMenuItems(user(['USER', 'APPLICANT'])).map((item) => item.key)).toEqual(['profile', 'my-cv', 'my-applications', 'my-favourites', 'my-alerts', 'my-interviews', 'messages', 'calendar', 'my-services', 'my-invoices', 'my-data']);
    expect(avatarMenuItems(user(['USER', 'ADMIN'])).map((item) => item.key)).toEqual([
      'admin-dashboard',
      'admin-companies',
      'admin-employers',
      'admin-applicants',
      'admin-invoices',
      'admin-prices',
      'admin-market',
      'admin-moderation',
      'admin-audit',
      'admin-profile',
      'admin-my-data',
    ]);
    expect(avatarMenuItems(user(['USER', 'SUPERVISOR'])).map((item) => item.key)).toContain('admin-administrators');
    expect(dashboardItem(user(['USER', 'SUPERVISOR']))?.to).toBe('/admin');
    expect(sidebarItems(user(['USER', 'ADMIN'])).some((item) => item.key === 'admin-companies')).toBe(true);
    expect(sidebarItems(user(['USER', 'EMPLOYER'])).some((item) => item.key === 'admin-companies')).toBe(false);
    expect(dashboardItem(user(['USER', 'APPLICANT']))?.to).toBe('/account/profile');
  });

  it('links the CV database in the header for employers and guests, and in the guest sidebar', () => {
    expect(cvBaseItem(null)?.to).toBe('/employer/account/cv-base');
    expect(cvBaseItem(user(['USER', 'EMPLOYER']))?.to).toBe('/employer/account/cv-base');
    expect(cvBaseItem(user(['USER', 'APPLICANT']))).toBeNull();
    expect(cvBaseItem(user(['USER', 'ADMIN']))).toBeNull();
    expect(sidebarItems(null).map((item) => item.key).slice(0, 3)).toEqual(['home', 'vacancies', 'cv-base']);
    expect(sidebarItems(user(['USER', 'APPLICANT'])).some((item) => item.key === 'cv-base')).toBe(false);
    expect(sidebarItems(user(['USER', 'EMPLOYER'])).filter((item) => item.key === 'cv-base')).toHaveLength(1);
  });

  it('links /samples for administrators only (in the sidebar below the desktop width)', () => {
    expect(samplesItem(user(['USER', 'ADMIN']))?.to).toBe('/samples');
    expect(samplesItem(user(['USER', 'SUPERVISOR']))?.to).toBe('/samples');
    expect(samplesItem(user(['USER', 'EMPLOYER']))).toBeNull();
    expect(samplesItem(null)).toBeNull();
    expect(sidebarItems(user(['USER', 'ADMIN'])).find((item) => item.key === 'samples')?.mobileOnly).toBe(true);
    expect(sidebarItems(user(['USER', 'APPLICANT'])).some((item) => item.key === 'samples')).toBe(false);
  });

  it('leads applicants to their CVs from the sidebar', () => {
    expect(sidebarItems(user(['USER', 'APPLICANT'])).find((item) => item.key === 'my-cv')?.to).toBe('/account/my-cv');
    expect(sidebarItems(user(['USER', 'EMPLOYER'])).some((item) => item.key === 'my-cv')).toBe(false);
  });

  it('gives applicants their applications, with the applications badge, and their favourites', () => {
    const items = sidebarItems(user(['USER', 'APPLICANT']));
    expect(items.find((item) => item.key === 'my-applications')).toMatchObject({ to: '/account/my-applications', badge: 'APPLICATIONS' });
    expect(items.find((item) => item.key === 'my-favourites')).toMatchObject({ to: '/account/my-favourites' });
    expect(items.find((item) => item.key === 'my-favourites')?.badge).toBeUndefined();
    expect(sidebarItems(user(['USER', 'EMPLOYER'])).some((item) => item.key === 'my-applications')).toBe(false);
    expect(sidebarItems(null).some((item) => item.badge)).toBe(false);
  });

  it('leads every role to its own profile and data from the sidebar', () => {
    expect(sidebarItems(user(['USER', 'APPLICANT'])).find((item) => item.key === 'my-data')?.to).toBe('/account/my-data');
    expect(sidebarItems(user(['USER', 'EMPLOYER'])).find((item) => item.key === 'employer-my-data')?.to).toBe('/employer/account/my-data');
    expect(sidebarItems(user(['USER', 'EMPLOYER'])).find((item) => item.key === 'employer-profile')?.to).toBe('/employer/account/profile');
    expect(sidebarItems(user(['USER', 'ADMIN'])).find((item) => item.key === 'admin-my-data')?.to).toBe('/admin/my-data');
    expect(sidebarItems(user(['USER', 'EMPLOYER'])).some((item) => item.to.startsWith('/account/'))).toBe(false);
  });

  it('gives employers and applicants their invoices with the invoices badge and their services', () => {
    expect(sidebarItems(user(['USER', 'EMPLOYER'])).find((item) => item.key === 'my-invoices')).toMatchObject({ to: '/employer/account/my-invoices', badge: 'INVOICES' });
    expect(avatarMenuItems(user(['USER', 'EMPLOYER'])).find((item) => item.key === 'my-services')?.to).toBe('/employer/account/my-services');
    expect(sidebarItems(user(['USER', 'APPLICANT'])).find((item) => item.key === 'my-services')?.to).toBe('/account/my-services');
    expect(sidebarItems(user(['USER', 'APPLICANT'])).find((item) => item.key === 'my-invoices')).toMatchObject({ to: '/account/my-invoices', badge: 'INVOICES' });
  });

  it('gives employers their interviews, with the interviews badge, their calendar and their messages, with the messages badge', () => {
    const items = sidebarItems(user(['USER', 'EMPLOYER']));
    expect(items.find((item) => item.to === '/employer/account/my-interviews')).toMatchObject({ label: 'nav.myInterviews', badge: 'INTERVIEWS' });
    expect(items.find((item) => item.to === '/employer/account/my-calendar')).toMatchObject({ label: 'nav.myCalendar' });
    expect(items.find((item) => item.to === '/employer/account/messages')).toMatchObject({ label: 'nav.messages', badge: 'MESSAGES' });
  });

  it('puts the applications badge on the employer’s vacancies, where new applications are looked at', () => {
    const employer = user(['USER', 'EMPLOYER']);
    expect(sidebarItems(employer).find((item) => item.key === 'my-vacancies')).toMatchObject({ to: '/employer/account/my-vacancies', badge: 'APPLICATIONS' });
    expect(avatarMenuItems(employer).find((item) => item.key === 'my-vacancies')?.badge).toBe('APPLICATIONS');
    expect(sidebarItems(employer).filter((item) => item.badge === 'APPLICATIONS')).toHaveLength(1);
  });

  it('leads employers to their vacancies, a new vacancy, their interviews, calendar, messages, the CV database, invoices, services and company', () => {
    const employer = user(['USER', 'EMPLOYER']);
    expect(dashboardItem(employer)).toMatchObject({ key: 'my-vacancies', to: '/employer/account/my-vacancies', label: 'nav.myVacancies' });
    const own = sidebarItems(employer).filter((item) => !item.mobileOnly);
    expect(own.map((item) => [item.key, item.to])).toEqual([
      ['my-vacancies', '/employer/account/my-vacancies'],
      ['create-vacancy', '/employer/account/my-vacancies/create-vacancy'],
      ['my-interviews', '/employer/account/my-interviews'],
      ['my-calendar', '/employer/account/my-calendar'],
      ['messages', '/employer/account/messages'],
      ['cv-base', '/employer/account/cv-base'],
      ['my-invoices', '/employer/account/my-invoices'],
      ['my-services', '/employer/account/my-services'],
      ['my-company', '/employer/account/my-company'],
      ['premium-services', '/employer/account/premium-services'],
      ['courses', '/employer/account/courses'],
      ['outsource', '/employer/account/outsource'],
      ['employer-profile', '/employer/account/profile'],
      ['employer-my-data', '/employer/account/my-data'],
    ]);
    expect(avatarMenuItems(employer).find((item) => item.key === 'companies')?.to).toBe('/employer/account/my-company#companies');
    expect(sidebarItems(user(['USER', 'APPLICANT'])).some((item) => item.to.startsWith('/employer'))).toBe(false);
  });
});
