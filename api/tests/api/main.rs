//! API tests against the real Postgres (a fresh database per test) and the real Redis.

mod addresses;
mod admin_companies;
mod helpers;

mod acting_company;
mod applicant;
mod auth;
mod avatars;
mod calendar;
mod companies;
mod company_claims;
mod csrf;
mod cv_pdf;
mod cvs;
mod employer_interviews;
mod employer_vacancies;
mod errors;
mod impersonation;
mod input_limits;
mod interviews;
mod mydata;
mod notifications;
mod otp_lockout;
mod pages;
mod pipeline;
mod products;
mod reference;
mod resource_limits;
mod roles;
mod search;
mod security_headers;
mod server;
mod sessions;
mod time_rules;
mod uploads;
mod web;
