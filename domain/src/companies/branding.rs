//! A company's branding (spec 2 sections 3 and 6): its logo, the cover of its public page, a
//! gallery and a video link, as its staff edit them on the my-company page's branding tab and the
//! public company page shows them.
//!
//! Any staff member may edit it ("company profile and branding" belong to every EMPLOYER). The
//! pictures are uploaded first (`files::upload_public_picture`, kinds `company_logo`,
//! `company_cover`, `company_gallery`); the branding names them by id. A picture no branding uses
//! is deleted a day after its upload (`files::purge_unreferenced`).

use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::platform::audit;
use crate::platform::error::{Error, Result, row_field};
use crate::platform::jobs::{self, IndexJob};

/// The most pictures a gallery holds.
pub const MAX_GALLERY: usize = 10;
/// The longest video link.
pub const MAX_VIDEO_URL: usize = 2000;
/// The sites a video link may lead to (and their subdomains such as `www.` and `m.`).
pub const VIDEO_HOSTS: [&str; 5] = ["youtube.com", "youtu.be", "youtube-nocookie.com", "vimeo.com", "player.vimeo.com"];

/// The branding as its editor sends it: pictures by their upload's id, the gallery in its order.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CompanyBrandingInput {
    /// A picture uploaded with `kind=logo`; none removes the logo.
    pub logo_file_id: Option<Uuid>,
    /// A picture uploaded with `kind=cover`; none removes the cover.
    pub cover_file_id: Option<Uuid>,
    /// Pictures uploaded with `kind=gallery`, in the order shown; at most 10, each once.
    pub gallery_file_ids: Vec<Uuid>,
    /// A YouTube or Vimeo page (http or https); blank removes it.
    pub video_url: Option<String>,
}

/// A picture of the branding.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandingPicture {
    pub file_id: Uuid,
    /// Where anyone sees it.
    pub url: String,
}

impl BrandingPicture {
    fn of(file_id: Uuid) -> BrandingPicture {
        BrandingPicture { file_id, url: format!("/api/files/{file_id}") }
    }
}

/// The branding as stored, for its editor.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyBranding {
    #[schema(required = true)]
    pub logo: Option<BrandingPicture>,
    #[schema(required = true)]
    pub cover: Option<BrandingPicture>,
    pub gallery: Vec<BrandingPicture>,
    #[schema(required = true)]
    pub video_url: Option<String>,
}

/// Whether `host` is one of [`VIDEO_HOSTS`] or a subdomain of one.
fn is_video_host(host: &str) -> bool {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    VIDEO_HOSTS.iter().any(|site| host == *site || host.ends_with(&format!(".{site}")))
}

/// A video link: blank is none; otherwise an http(s) address of YouTube or Vimeo.
pub fn check_video_url(value: Option<&str>) -> Result<Option<String>> {
    let Some(text) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(None) };
    let refuse = || Error::field("videoUrl", "Enter the address of a YouTube or Vimeo video, starting with http:// or https://");
    if text.chars().count() > MAX_VIDEO_URL || text.chars().any(char::is_whitespace) {
        return Err(refuse());
    }
    let parsed = url::Url::parse(text).map_err(|_| refuse())?;
    let lower = text.to_ascii_lowercase();
    let web = matches!(parsed.scheme(), "http" | "https") && (lower.starts_with("http://") || lower.starts_with("https://"));
    if !web || !parsed.username().is_empty() || parsed.password().is_some() || !parsed.host_str().is_some_and(is_video_host) {
        return Err(refuse());
    }
    Ok(Some(text.to_string()))
}

/// Tidies and checks the input without the database; the pictures are checked by [`save`].
pub fn check(input: &CompanyBrandingInput) -> Result<CompanyBrandingInput> {
    if input.gallery_file_ids.len() > MAX_GALLERY {
        return Err(Error::field("galleryFileIds", format!("A gallery holds at most {MAX_GALLERY} pictures")));
    }
    for (i, id) in input.gallery_file_ids.iter().enumerate() {
        if input.gallery_file_ids[..i].contains(id) {
            return Err(Error::field(row_field("galleryFileIds", i, ""), "The picture is in the gallery already"));
        }
    }
    Ok(CompanyBrandingInput { video_url: check_video_url(input.video_url.as_deref())?, ..input.clone() })
}

/// Every picture must be of its slot's kind and the company's: uploaded by one of its staff, or
/// already shown by its branding. Answers a 400 naming the first one that is not.
async fn check_pictures(conn: &mut PgConnection, company_id: Uuid, input: &CompanyBrandingInput) -> Result<()> {
    let mut wanted: Vec<(&'static str, &'static str, Uuid)> = Vec::new();
    if let Some(id) = input.logo_file_id {
        wanted.push(("logoFileId", "company_logo", id));
    }
    if let Some(id) = input.cover_file_id {
        wanted.push(("coverFileId", "company_cover", id));
    }
    for (i, id) in input.gallery_file_ids.iter().enumerate() {
        wanted.push((row_field("galleryFileIds", i, ""), "company_gallery", *id));
    }
    if wanted.is_empty() {
        return Ok(());
    }
    let ids: Vec<Uuid> = wanted.iter().map(|w| w.2).collect();
    let usable: Vec<(Uuid, String)> = sqlx::query_as(
        "select f.id, f.kind from files f where f.id = any($1) and f.content_type like 'image/%'
           and (exists (select 1 from company_staff s where s.company_id = $2 and s.user_id = f.owner_user_id)
                or exists (select 1 from company_profiles p where p.company_id = $2 and p.logo_file_id = f.id)
                or exists (select 1 from company_branding b where b.company_id = $2 and b.cover_file_id = f.id)
                or exists (select 1 from company_gallery_images g where g.company_id = $2 and g.file_id = f.id))",
    )
    .bind(&ids)
    .bind(company_id)
    .fetch_all(&mut *conn)
    .await?;
    match wanted.into_iter().find(|(_, kind, id)| !usable.iter().any(|(found, found_kind)| found == id && found_kind == kind)) {
        Some((field, _, _)) => Err(Error::field(field, "The picture was not found: upload it again")),
        None => Ok(()),
    }
}

/// Replaces the company's branding in one transaction with an index job for the company (its
/// vacancies' documents carry the logo), so the public page and the search index follow the same
/// commit. Audited. Answers what was stored.
#[tracing::instrument(skip_all)]
pub async fn save(pool: &PgPool, company_id: Uuid, actor: Uuid, input: &CompanyBrandingInput, ip: Option<&str>) -> Result<CompanyBranding> {
    let b = check(input)?;
    let mut tx = pool.begin().await?;
    check_pictures(&mut tx, company_id, &b).await?;
    sqlx::query(
        "insert into company_profiles (company_id, logo_file_id) values ($1, $2)
         on conflict (company_id) do update set logo_file_id = excluded.logo_file_id, updated_at = now()",
    )
    .bind(company_id)
    .bind(b.logo_file_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into company_branding (company_id, cover_file_id, video_url) values ($1, $2, $3)
         on conflict (company_id) do update set cover_file_id = excluded.cover_file_id, video_url = excluded.video_url, updated_at = now()",
    )
    .bind(company_id)
    .bind(b.cover_file_id)
    .bind(&b.video_url)
    .execute(&mut *tx)
    .await?;
    sqlx::query("delete from company_gallery_images where company_id = $1").bind(company_id).execute(&mut *tx).await?;
    sqlx::query(
        "insert into company_gallery_images (company_id, file_id, position)
         select $1, file_id, ord::int - 1 from unnest($2::uuid[]) with ordinality as g (file_id, ord)",
    )
    .bind(company_id)
    .bind(&b.gallery_file_ids)
    .execute(&mut *tx)
    .await?;
    sqlx::query("update companies set updated_at = now() where id = $1").bind(company_id).execute(&mut *tx).await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(actor),
            action: "company.branding",
            target_user_id: None,
            target_company_id: Some(company_id),
            details: serde_json::json!({
                "logoFileId": b.logo_file_id,
                "coverFileId": b.cover_file_id,
                "galleryFileIds": b.gallery_file_ids,
                "videoUrl": b.video_url,
            }),
            ip,
        },
    )
    .await?;
    jobs::enqueue_index(&mut tx, &[IndexJob::Company(company_id)]).await?;
    let stored = load_with(&mut tx, company_id).await?;
    tx.commit().await?;
    Ok(stored)
}

async fn load_with(conn: &mut PgConnection, company_id: Uuid) -> Result<CompanyBranding> {
    let row: Option<(Option<Uuid>, Option<Uuid>, Option<String>)> = sqlx::query_as(
        "select p.logo_file_id, b.cover_file_id, b.video_url from companies c
         left join company_profiles p on p.company_id = c.id left join company_branding b on b.company_id = c.id
         where c.id = $1",
    )
    .bind(company_id)
    .fetch_optional(&mut *conn)
    .await?;
    let (logo, cover, video_url) = row.ok_or_else(Error::not_found)?;
    let gallery: Vec<Uuid> = sqlx::query_scalar("select file_id from company_gallery_images where company_id = $1 order by position, created_at")
        .bind(company_id)
        .fetch_all(&mut *conn)
        .await?;
    Ok(CompanyBranding {
        logo: logo.map(BrandingPicture::of),
        cover: cover.map(BrandingPicture::of),
        gallery: gallery.into_iter().map(BrandingPicture::of).collect(),
        video_url,
    })
}

/// The company's branding as stored, for its editor.
#[tracing::instrument(skip_all)]
pub async fn load(pool: &PgPool, company_id: Uuid) -> Result<CompanyBranding> {
    load_with(&mut *pool.acquire().await?, company_id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(err: Error) -> Option<&'static str> {
        match err {
            Error::Client { field, .. } => field,
            _ => None,
        }
    }

    #[test]
    fn a_video_link_is_a_youtube_or_vimeo_page_over_http_or_https() {
        for good in [
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://youtu.be/dQw4w9WgXcQ",
            "http://m.youtube.com/watch?v=x",
            "https://vimeo.com/76979871",
            "https://player.vimeo.com/video/76979871",
            " HTTPS://WWW.YOUTUBE.COM/watch?v=x ",
        ] {
            assert!(check_video_url(Some(good)).unwrap().is_some(), "{good}");
        }
        for bad in [
            "youtube.com/watch?v=x",
            "javascript:alert(1)",
            "ftp://youtube.com/x",
            "https://evil.com/youtube.com",
            "https://youtube.com.evil.com/watch",
            "https://notyoutube.com/watch",
            "https://user:pass@youtube.com/watch",
            "https://www.youtube.com/watch?v=a b",
        ] {
            assert_eq!(field_of(check_video_url(Some(bad)).unwrap_err()), Some("videoUrl"), "{bad}");
        }
        assert_eq!(check_video_url(Some("   ")).unwrap(), None);
        assert_eq!(check_video_url(None).unwrap(), None);
    }

    #[test]
    fn a_gallery_holds_each_picture_once_and_at_most_ten() {
        let one = Uuid::new_v4();
        let twice = CompanyBrandingInput { gallery_file_ids: vec![one, Uuid::new_v4(), one], ..Default::default() };
        assert_eq!(field_of(check(&twice).unwrap_err()), Some("galleryFileIds[2]"));
        let many = CompanyBrandingInput { gallery_file_ids: (0..=MAX_GALLERY).map(|_| Uuid::new_v4()).collect(), ..Default::default() };
        assert_eq!(field_of(check(&many).unwrap_err()), Some("galleryFileIds"));
    }
}
