import type { components } from './schema';

type Schemas = components['schemas'];
export type Me = Schemas['Me'];
export type Role = Schemas['Role'];
export type CompanyRef = Schemas['CompanyRef'];
export type RegisterEntry = Schemas['RegisterEntry'];
export type Product = Schemas['Product'];
export type ProfileInput = Schemas['ProfileInput'];
export type Gender = Schemas['Gender'];
export type SettingsUi = Schemas['SettingsUi'];
