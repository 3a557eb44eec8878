//! Who issues the invoices and where they are paid: the seller's details printed on every invoice
//! (the detail call, the PDF, the e-invoice) and the bank account a transfer goes to. One place,
//! read once from the environment (`SELLER_*`); each value has a default that makes a local run
//! work, and a deployment sets its own (`vakants serve` warns in prod about every default left).

use serde::Serialize;

use crate::platform::config::ConfigError;

/// The seller's details and bank account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Seller {
    /// `SELLER_NAME`: the business name.
    pub name: String,
    /// `SELLER_REGISTRY_CODE`: the Business Register code.
    pub registry_code: String,
    /// `SELLER_VAT_NUMBER`: the VAT number (EE…).
    pub vat_number: String,
    /// `SELLER_ADDRESS`: the registered address on one line.
    pub address: String,
    /// `SELLER_IBAN`: the account transfers go to, without spaces.
    pub iban: String,
    /// `SELLER_BANK_NAME`.
    pub bank_name: String,
    /// `SELLER_BIC`: the bank's BIC (SWIFT) code.
    pub bic: String,
    /// `SELLER_EMAIL`: where buyers write about invoices.
    pub email: String,
}

/// The account a bank transfer pays into.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankDetails {
    /// The account holder to name on the transfer (the seller).
    pub recipient: String,
    pub iban: String,
    pub bank_name: String,
    pub bic: String,
}

impl Seller {
    /// Where a bank transfer goes.
    pub fn bank(&self) -> BankDetails {
        BankDetails {
            recipient: self.name.clone(),
            iban: self.iban.clone(),
            bank_name: self.bank_name.clone(),
            bic: self.bic.clone(),
        }
    }
}

/// Each variable with its default (a made-up company with a well-formed Estonian account).
const VARIABLES: [(&str, &str); 8] = [
    ("SELLER_NAME", "Vakants OÜ"),
    ("SELLER_REGISTRY_CODE", "16000001"),
    ("SELLER_VAT_NUMBER", "EE102000001"),
    ("SELLER_ADDRESS", "Narva mnt 5, 10117 Tallinn, Eesti"),
    ("SELLER_IBAN", "EE382200221020145685"),
    ("SELLER_BANK_NAME", "Swedbank AS"),
    ("SELLER_BIC", "HABAEE2X"),
    ("SELLER_EMAIL", "arved@vakants.ee"),
];

impl Default for Seller {
    /// The defaults of every `SELLER_*` variable.
    fn default() -> Self {
        Seller::from_lookup(|_| None)
            .expect("the defaults are valid")
            .0
    }
}

impl Seller {
    /// The seller of the process's environment, and the variables left at their default.
    pub fn from_env() -> Result<(Seller, Vec<&'static str>), ConfigError> {
        Seller::from_lookup(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
    }

    /// The seller of `get` (a variable's value, none when unset), and the variables left at their
    /// default. The IBAN must pass its ISO 13616 check digits and the BIC be 8 or 11 letters and
    /// digits; spaces in either are dropped.
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<(Seller, Vec<&'static str>), ConfigError> {
        let mut defaulted = Vec::new();
        let mut value = |name: &'static str| -> String {
            let default = VARIABLES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, d)| *d)
                .unwrap_or_default();
            match get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
            {
                Some(v) => v,
                None => {
                    defaulted.push(name);
                    default.to_string()
                }
            }
        };
        let seller = Seller {
            name: value("SELLER_NAME"),
            registry_code: value("SELLER_REGISTRY_CODE"),
            vat_number: value("SELLER_VAT_NUMBER"),
            address: value("SELLER_ADDRESS"),
            iban: value("SELLER_IBAN")
                .split_whitespace()
                .collect::<String>()
                .to_uppercase(),
            bank_name: value("SELLER_BANK_NAME"),
            bic: value("SELLER_BIC")
                .split_whitespace()
                .collect::<String>()
                .to_uppercase(),
            email: value("SELLER_EMAIL"),
        };
        if !is_valid_iban(&seller.iban) {
            return Err(ConfigError::Invalid {
                name: "SELLER_IBAN",
                reason: format!("{:?} is not a valid IBAN", seller.iban),
            });
        }
        if !matches!(seller.bic.len(), 8 | 11)
            || !seller.bic.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            return Err(ConfigError::Invalid {
                name: "SELLER_BIC",
                reason: format!("{:?} is not a BIC of 8 or 11 characters", seller.bic),
            });
        }
        Ok((seller, defaulted))
    }
}

/// Whether `iban` (upper case, no spaces) has a country code, two check digits and passes the
/// ISO 13616 mod-97 check.
pub fn is_valid_iban(iban: &str) -> bool {
    let bytes = iban.as_bytes();
    if !(15..=34).contains(&bytes.len())
        || !bytes[..2].iter().all(u8::is_ascii_uppercase)
        || !bytes[2..4].iter().all(u8::is_ascii_digit)
        || !bytes
            .iter()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    {
        return false;
    }
    let rearranged = bytes[4..].iter().chain(&bytes[..4]);
    let remainder = rearranged.fold(0u32, |acc, b| {
        if b.is_ascii_digit() {
            (acc * 10 + u32::from(b - b'0')) % 97
        } else {
            (acc * 100 + u32::from(b - b'A' + 10)) % 97
        }
    });
    remainder == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variable_has_a_default_and_the_defaults_are_valid() {
        let (seller, defaulted) = Seller::from_lookup(|_| None).unwrap();
        assert_eq!(defaulted.len(), VARIABLES.len());
        assert_eq!(seller.iban, "EE382200221020145685");
        assert_eq!(seller, Seller::default());
    }

    #[test]
    fn a_set_variable_wins_and_spaces_leave_the_account() {
        let (seller, defaulted) = Seller::from_lookup(|name| match name {
            "SELLER_NAME" => Some("Tööturg AS".into()),
            "SELLER_IBAN" => Some("ee47 1000 0010 2014 5685".into()),
            "SELLER_BIC" => Some(" eehpee22 ".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(
            (
                seller.name.as_str(),
                seller.iban.as_str(),
                seller.bic.as_str()
            ),
            ("Tööturg AS", "EE471000001020145685", "EEHPEE22")
        );
        assert!(!defaulted.contains(&"SELLER_NAME") && defaulted.contains(&"SELLER_EMAIL"));
    }

    #[test]
    fn a_wrong_account_or_bic_is_refused() {
        for iban in [
            "EE382200221020145686",
            "EE38",
            "382200221020145685EE",
            "EE38220022102014568!",
        ] {
            let refused =
                Seller::from_lookup(|name| (name == "SELLER_IBAN").then(|| iban.to_string()));
            assert!(
                matches!(
                    refused,
                    Err(ConfigError::Invalid {
                        name: "SELLER_IBAN",
                        ..
                    })
                ),
                "{iban}"
            );
        }
        let refused =
            Seller::from_lookup(|name| (name == "SELLER_BIC").then(|| "HABA".to_string()));
        assert!(matches!(
            refused,
            Err(ConfigError::Invalid {
                name: "SELLER_BIC",
                ..
            })
        ));
    }

    #[test]
    fn ibans_pass_the_mod_97_check() {
        assert!(is_valid_iban("EE382200221020145685"));
        assert!(is_valid_iban("GB82WEST12345698765432"));
        assert!(!is_valid_iban("GB82WEST12345698765433"));
    }
}
