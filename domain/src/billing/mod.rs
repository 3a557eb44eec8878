//! Billing: the price list, what a company pays (`pricing`), what it can buy (`catalog`), the order
//! behind publishing a vacancy with its services and invoice (`orders`), orders beyond publishing
//! (`purchase`), the invoices a user reads (`invoices`) with the seller's details (`seller`), the
//! services' lifecycle and clock (`services`), recording payments (`payments`, [`mark_paid`]),
//! paying online through a payment provider (`online`, `provider`), bank statements
//! (`bank_statements`), overdue reminders (`reminders`) and the invoice's PDF, e-invoice and mail
//! (`documents`); and the administrators' side: products, company prices, every company's invoices,
//! forced payment and deletion (`administration`).
//! Money is integer euro cents, VAT rates basis points, discounts ten-thousandths; see
//! docs/billing.md.
//!
//! Billing writes the vacancies an order is for (paid, live, PRO level, branding, promotion) with
//! its own SQL: it sits below `vacancies` in the layers and does not use it.

pub mod administration;
pub mod bank_lines;
pub mod bank_statements;
pub mod catalog;
pub mod documents;
pub mod invoices;
pub mod online;
pub mod orders;
pub mod payments;
pub mod pricing;
pub mod products;
pub mod provider;
pub mod purchase;
pub mod reminders;
pub mod seller;
pub mod services;

pub use payments::{Marked, PaymentMethod, PaymentRecord, mark_paid};
