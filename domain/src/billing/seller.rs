//! Who issues the invoices and where they are paid: the seller's details and bank account, from
//! configuration (`SELLER_*`), shown on the invoice screen, the invoice PDF and the e-invoice.
//! The defaults make a local run work; a deployment sets every one of them.

/// The seller of every invoice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seller {
    /// The business name (`SELLER_NAME`).
    pub name: String,
    /// The Estonian business register code (`SELLER_REGISTRY_CODE`).
    pub registry_code: String,
    /// The VAT number, `EE` and nine digits (`SELLER_VAT_NUMBER`).
    pub vat_number: String,
    /// The postal address on one line (`SELLER_ADDRESS`).
    pub address: String,
    /// The account invoices are paid to (`SELLER_IBAN`).
    pub iban: String,
    /// The bank of that account (`SELLER_BANK_NAME`).
    pub bank_name: String,
    /// The bank's BIC (`SELLER_BIC`).
    pub bic: String,
    /// Where buyers write about invoices (`SELLER_EMAIL`).
    pub email: String,
}

impl Default for Seller {
    fn default() -> Self {
        Seller {
            name: "Vakants OÜ".into(),
            registry_code: "16000000".into(),
            vat_number: "EE102000000".into(),
            address: "Narva mnt 5, 10117 Tallinn, Eesti".into(),
            iban: "EE382200221020145685".into(),
            bank_name: "Swedbank AS".into(),
            bic: "HABAEE2X".into(),
            email: "arved@vakants.ee".into(),
        }
    }
}

impl Seller {
    /// The seller from `SELLER_*` variables as `get` reads them; an unset one keeps its default.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Self {
        let defaults = Seller::default();
        let value = |name: &str, default: String| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
                .unwrap_or(default)
        };
        Seller {
            name: value("SELLER_NAME", defaults.name),
            registry_code: value("SELLER_REGISTRY_CODE", defaults.registry_code),
            vat_number: value("SELLER_VAT_NUMBER", defaults.vat_number),
            address: value("SELLER_ADDRESS", defaults.address),
            iban: value("SELLER_IBAN", defaults.iban).replace(' ', ""),
            bank_name: value("SELLER_BANK_NAME", defaults.bank_name),
            bic: value("SELLER_BIC", defaults.bic),
            email: value("SELLER_EMAIL", defaults.email),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_variables_win_over_the_defaults_and_an_iban_loses_its_spaces() {
        let seller = Seller::from_lookup(|name| match name {
            "SELLER_NAME" => Some("Tööportaal AS".into()),
            "SELLER_IBAN" => Some("EE47 1000 0010 2014 5685".into()),
            "SELLER_BIC" => Some("  ".into()),
            _ => None,
        });
        assert_eq!(seller.name, "Tööportaal AS");
        assert_eq!(seller.iban, "EE471000001020145685");
        assert_eq!(seller.bic, Seller::default().bic);
    }
}
