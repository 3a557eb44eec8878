//! Who sells: the seller's details and bank account printed on invoices and shown for a bank
//! transfer, from `SELLER_*` environment variables with dev defaults.

use serde::Serialize;

/// The account a bank transfer pays into.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankDetails {
    /// The account holder to name on the transfer.
    pub recipient: String,
    pub iban: String,
    pub bank_name: String,
    pub bic: String,
}

/// The seller of every invoice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seller {
    pub name: String,
    pub registry_code: String,
    pub vat_number: String,
    pub address: String,
    pub email: String,
    pub bank: BankDetails,
}

impl Seller {
    /// From `SELLER_NAME`, `SELLER_REGISTRY_CODE`, `SELLER_VAT_NUMBER`, `SELLER_ADDRESS`,
    /// `SELLER_EMAIL`, `SELLER_IBAN`, `SELLER_BANK_NAME` and `SELLER_BIC` (the recipient is the
    /// seller's name), each defaulting to the demo seller.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Seller {
        let value = |name: &str, default: &str| {
            get(name)
                .filter(|v| !v.trim().is_empty())
                .unwrap_or_else(|| default.to_string())
        };
        let name = value("SELLER_NAME", "Vakants OÜ");
        Seller {
            registry_code: value("SELLER_REGISTRY_CODE", "14000009"),
            vat_number: value("SELLER_VAT_NUMBER", "EE102000009"),
            address: value("SELLER_ADDRESS", "Narva mnt 5, 10117 Tallinn"),
            email: value("SELLER_EMAIL", "arved@vakants.ee"),
            bank: BankDetails {
                recipient: name.clone(),
                iban: value("SELLER_IBAN", "EE382200221020145685"),
                bank_name: value("SELLER_BANK_NAME", "Swedbank AS"),
                bic: value("SELLER_BIC", "HABAEE2X"),
            },
            name,
        }
    }

    pub fn from_env() -> Seller {
        Seller::from_lookup(|name| std::env::var(name).ok())
    }
}
