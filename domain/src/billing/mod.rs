//! Billing: the price list, what a company pays (`pricing`), the order behind publishing a vacancy
//! with its services and invoice (`orders`), recording payments (`payments`, [`mark_paid`]), the
//! seller on every invoice (`seller`) and the invoice's PDF, e-invoice and mail (`documents`).
//! Money is integer euro cents, VAT rates basis points, discounts ten-thousandths; see
//! docs/billing.md.
//!
//! Billing writes the vacancies an order is for (paid, live, PRO level, branding, promotion) with
//! its own SQL: it sits below `vacancies` in the layers and does not use it.

pub mod documents;
pub mod orders;
pub mod payments;
pub mod pricing;
pub mod products;
pub mod seller;

pub use payments::{Marked, PaymentMethod, PaymentRecord, mark_paid};
