//! API tests against the real Postgres (a fresh database per test) and the real Redis.

mod addresses;
mod admin_companies;
mod helpers;

mod applicant;
mod auth;
mod avatars;
mod calendar;
mod companies;
mod csrf;
mod cv_pdf;
mod cvs;
mod employer_interviews;
mod errors;
mod impersonation;
mod input_limits;
mod interviews;
mod mydata;
mod notifications;
mod pages;
mod pipeline;
mod products;
mod reference;
mod roles;
mod search;
mod sessions;
mod uploads;
mod web;
