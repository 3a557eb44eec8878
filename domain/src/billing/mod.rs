//! Billing: the product table and its prices.

pub mod products;
