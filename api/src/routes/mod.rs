//! Routes by area; each module exports `router()`.

pub mod admin;
pub mod applicant;
pub mod auth;
pub mod bank_statements;
pub mod billing;
pub mod calendar;
pub mod companies;
pub mod cvs;
pub mod dev;
pub mod employer_billing;
pub mod employer_interviews;
pub mod employer_vacancies;
pub mod employer_vacancy_document;
pub mod files;
pub mod interviews;
pub mod invoice_documents;
pub mod invoices;
pub mod locations;
pub mod mydata;
pub mod open;
pub mod ops;
pub mod pages;
pub mod payment_sandbox;
pub mod payments;
pub mod search;
pub mod user;
