import type { ServiceItem, ServiceStatus } from '@/shared/billing/api/types';

/** The sections of my services, in the order shown (the server's order of statuses). */
export const SECTIONS: readonly ServiceStatus[] = ['ACTIVE', 'WAITING', 'UNPAID', 'FINISHED', 'CANCELLED'];

/** The services by status, each section keeping the server's order (newest first); empty ones left out. */
export function bySection(services: readonly ServiceItem[]): { status: ServiceStatus; services: ServiceItem[] }[] {
  return SECTIONS.map((status) => ({ status, services: services.filter((service) => service.status === status) })).filter((section) => section.services.length > 0);
}
