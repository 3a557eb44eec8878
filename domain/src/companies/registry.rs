//! Import of the Estonian Business Register's open-data file ("ettevõtja rekvisiidid, lihtandmed"):
//! a semicolon-separated UTF-8 CSV with a header row. Columns are found by name, so extra or
//! reordered columns do not matter.

use std::io::Read;

use chrono::NaiveDate;
use sqlx::PgPool;

use crate::platform::error::Result;

/// The header names of the open-data file that the import reads.
pub mod columns {
    pub const NAME: &str = "nimi";
    pub const REGISTRY_CODE: &str = "ariregistri_kood";
    pub const LEGAL_FORM: &str = "ettevotja_oiguslik_vorm";
    pub const VAT_NUMBER: &str = "kmkr_nr";
    pub const STATUS: &str = "ettevotja_staatus";
    pub const FIRST_REGISTERED: &str = "ettevotja_esmakande_kpv";
    pub const EHAK_CODE: &str = "asukoha_ehak_kood";
    pub const ADS_ADR_ID: &str = "ads_adr_id";
    pub const FULL_ADDRESS: &str = "ads_normaliseeritud_taisaadress";
    pub const ADDRESS: &str = "ettevotja_aadress";
    /// Contact columns the open-data file does not have (the register publishes contacts
    /// separately); read when a file carries them. Claims on a company are approved at once when
    /// the claimant's e-mail is at the domain of one of them.
    pub const EMAIL: &str = "e_post";
    pub const WEBSITE: &str = "veebileht";
    /// Every column of the published file, in its order.
    pub const ALL: [&str; 17] = [
        "nimi",
        "ariregistri_kood",
        "ettevotja_oiguslik_vorm",
        "ettevotja_oigusliku_vormi_alaliik",
        "kmkr_nr",
        "ettevotja_staatus",
        "ettevotja_staatus_tekstina",
        "ettevotja_esmakande_kpv",
        "ettevotja_aadress",
        "asukoht_ettevotja_aadressis",
        "asukoha_ehak_kood",
        "asukoha_ehak_tekstina",
        "indeks_ettevotja_aadressis",
        "ads_adr_id",
        "ads_ads_oid",
        "ads_normaliseeritud_taisaadress",
        "teabesysteemi_link",
    ];
}

#[derive(Clone, Debug, PartialEq)]
pub struct RegisterRow {
    pub registry_code: String,
    pub business_name: String,
    pub legal_form: Option<String>,
    pub status: Option<String>,
    pub vat_number: Option<String>,
    pub address: Option<String>,
    pub ehak_code: Option<String>,
    pub ads_adr_id: Option<i64>,
    pub first_registered_on: Option<NaiveDate>,
    pub email: Option<String>,
    pub website: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("the file has no column {0:?}")]
    MissingColumn(&'static str),
    #[error("line {line}: {reason}")]
    Line { line: u64, reason: String },
    #[error(transparent)]
    Csv(#[from] csv::Error),
}

/// Reads every row of the file; rows without a name or registry code are reported as errors.
pub fn parse(reader: impl Read) -> Result<Vec<RegisterRow>, ImportError> {
    let mut csv = csv::ReaderBuilder::new().delimiter(b';').flexible(true).from_reader(reader);
    let headers = csv.headers()?.clone();
    let index = |name: &'static str| headers.iter().position(|h| h.trim_start_matches('\u{feff}').trim() == name);
    let required = |name: &'static str| index(name).ok_or(ImportError::MissingColumn(name));
    let name_at = required(columns::NAME)?;
    let code_at = required(columns::REGISTRY_CODE)?;
    let optional = [
        index(columns::LEGAL_FORM),
        index(columns::STATUS),
        index(columns::VAT_NUMBER),
        index(columns::FULL_ADDRESS).or(index(columns::ADDRESS)),
        index(columns::EHAK_CODE),
        index(columns::ADS_ADR_ID),
        index(columns::FIRST_REGISTERED),
        index(columns::EMAIL),
        index(columns::WEBSITE),
    ];
    let mut rows = Vec::new();
    for record in csv.records() {
        let record = record?;
        let line = record.position().map(|p| p.line()).unwrap_or(0);
        let field = |at: Option<usize>| {
            at.and_then(|i| record.get(i)).map(str::trim).filter(|v| !v.is_empty()).map(str::to_string)
        };
        let business_name = field(Some(name_at)).ok_or_else(|| ImportError::Line { line, reason: "no name".into() })?;
        let registry_code = field(Some(code_at)).ok_or_else(|| ImportError::Line { line, reason: "no registry code".into() })?;
        if !registry_code.chars().all(|c| c.is_ascii_digit()) {
            return Err(ImportError::Line { line, reason: format!("registry code {registry_code:?} is not numeric") });
        }
        let [legal_form, status, vat_number, address, ehak_code, adr_id, first_registered, email, website] = optional.map(field);
        rows.push(RegisterRow {
            registry_code,
            business_name,
            legal_form,
            status,
            vat_number,
            address,
            ehak_code: ehak_code.map(|c| format!("{c:0>4}")),
            ads_adr_id: adr_id.and_then(|v| v.parse().ok()),
            first_registered_on: first_registered.and_then(|d| NaiveDate::parse_from_str(&d, "%d.%m.%Y").ok()),
            email: email.filter(|e| e.len() <= 320),
            website: website.filter(|w| w.len() <= 2000),
        });
    }
    Ok(rows)
}

const BATCH: usize = 2000;

/// Inserts or updates the rows (country EE) in batches; returns how many were written.
#[tracing::instrument(skip_all)]
pub async fn import(pool: &PgPool, rows: &[RegisterRow]) -> Result<u64> {
    let mut written = 0;
    for chunk in rows.chunks(BATCH) {
        let column = |f: fn(&RegisterRow) -> Option<String>| chunk.iter().map(f).collect::<Vec<_>>();
        let done = sqlx::query(
            "insert into business_register (country_code, registry_code, business_name, legal_form, status,
                                            vat_number, address, ehak_code, ads_adr_id, first_registered_on, email, website)
             select 'EE', * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                                        $7::text[], $8::int8[], $9::date[], $10::text[], $11::text[])
             on conflict (country_code, registry_code) do update set
                 business_name = excluded.business_name, legal_form = excluded.legal_form, status = excluded.status,
                 vat_number = excluded.vat_number, address = excluded.address, ehak_code = excluded.ehak_code,
                 ads_adr_id = excluded.ads_adr_id, first_registered_on = excluded.first_registered_on,
                 email = coalesce(excluded.email, business_register.email),
                 website = coalesce(excluded.website, business_register.website)",
        )
        .bind(chunk.iter().map(|r| r.registry_code.clone()).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.business_name.clone()).collect::<Vec<_>>())
        .bind(column(|r| r.legal_form.clone()))
        .bind(column(|r| r.status.clone()))
        .bind(column(|r| r.vat_number.clone()))
        .bind(column(|r| r.address.clone()))
        .bind(column(|r| r.ehak_code.clone()))
        .bind(chunk.iter().map(|r| r.ads_adr_id).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.first_registered_on).collect::<Vec<_>>())
        .bind(column(|r| r.email.clone()))
        .bind(column(|r| r.website.clone()))
        .execute(pool)
        .await?;
        written += done.rows_affected();
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_open_data_format_by_column_name() {
        let file = "\u{feff}nimi;ariregistri_kood;ettevotja_staatus;ettevotja_esmakande_kpv;asukoha_ehak_kood;ads_normaliseeritud_taisaadress\n\
                    Põhja Puit OÜ;12345678;R;03.04.2015;784;Harju maakond, Tallinn, Kesklinna linnaosa, Narva mnt 5\n";
        let rows = parse(file.as_bytes()).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].business_name, "Põhja Puit OÜ");
        assert_eq!(rows[0].ehak_code.as_deref(), Some("0784"));
        assert_eq!(rows[0].first_registered_on, NaiveDate::from_ymd_opt(2015, 4, 3));
        assert_eq!(rows[0].address.as_deref(), Some("Harju maakond, Tallinn, Kesklinna linnaosa, Narva mnt 5"));
    }

    #[test]
    fn a_file_without_registry_codes_is_refused() {
        let err = parse("nimi;muu\nX;Y\n".as_bytes()).unwrap_err();
        assert!(matches!(err, ImportError::MissingColumn("ariregistri_kood")));
    }
}
