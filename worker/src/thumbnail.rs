//! Thumbnails of profile pictures. A picture that cannot be read gets none (the full picture is
//! shown instead); the job fails only when the store or the database do.

use apalis::prelude::*;
use domain::files::avatars::{self, MakeThumbnail};
use domain::files::{FileStore, Sniffed};
use sqlx::PgPool;

pub async fn handle(job: MakeThumbnail, pool: Data<PgPool>, files: Data<FileStore>) -> Result<(), BoxDynError> {
    let row: Option<(String, uuid::Uuid)> =
        sqlx::query_as("select storage_key, owner_user_id from files where id = $1 and kind = 'avatar'").bind(job.file_id).fetch_optional(&*pool).await?;
    let Some((key, owner)) = row else {
        return Ok(());
    };
    let bytes = files.get(&key).await.map_err(|e| format!("{e:#}"))?;
    let small = match avatars::decode_bounded(move || avatars::thumbnail(&bytes)).await.map_err(|e| format!("{e:#}"))? {
        Ok(small) => small,
        Err(err) => {
            tracing::info!(file = %job.file_id, error = %err, "no thumbnail for an unreadable picture");
            return Ok(());
        }
    };
    let thumb_key = files.put(&small).await.map_err(|e| format!("{e:#}"))?;
    let mut tx = pool.begin().await?;
    let thumb_id = domain::files::insert_file(&mut tx, owner, "avatar_thumbnail", "thumbnail.png", Sniffed::Png, &small, &thumb_key, "not_applicable")
        .await
        .map_err(|e| format!("{e:#}"))?;
    let linked = sqlx::query("update files set thumbnail_file_id = $2 where id = $1").bind(job.file_id).bind(thumb_id).execute(&mut *tx).await?;
    if linked.rows_affected() == 0 {
        // the picture was replaced or its account deleted meanwhile: its thumbnail is no one's
        tx.rollback().await?;
        files.remove_all(std::slice::from_ref(&thumb_key)).await;
        return Ok(());
    }
    tx.commit().await?;
    Ok(())
}
