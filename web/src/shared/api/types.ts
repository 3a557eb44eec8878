import type { components } from './schema';

type Schemas = components['schemas'];
export type Me = Schemas['Me'];
export type Role = Schemas['Role'];
export type CompanyRef = Schemas['CompanyRef'];
export type RegisterEntry = Schemas['RegisterEntry'];
/** A line of the public price list: a product, and whether it is for sale (its amount shown). */
export type PriceListEntry = Schemas['PriceListEntry'];
export type ProfileInput = Schemas['ProfileInput'];
export type Gender = Schemas['Gender'];
export type SettingsUi = Schemas['SettingsUi'];
