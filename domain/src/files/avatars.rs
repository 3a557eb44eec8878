//! Profile pictures: PNG or JPG by content, bounded in bytes and pixels, decoded and encoded again
//! so no metadata (location, camera) survives; the worker makes the thumbnail shown everywhere.

use std::io::Cursor;

use image::{ImageFormat, ImageReader, Limits};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::{Error, Result};
use crate::files::{self, FileStore, Sniffed};
use crate::platform::jobs;

pub const MAX_AVATAR_BYTES: usize = 5 * 1024 * 1024;
/// The longest side of an accepted picture.
pub const MAX_SIDE: u32 = 4096;
/// The side of the square thumbnail.
pub const THUMBNAIL_SIDE: u32 = 128;

/// Pictures decoded (and encoded again, or thumbnailed) at the same time in one process: each
/// may take up to 256 MiB and a core, so a burst of uploads waits its turn instead.
pub const MAX_CONCURRENT_DECODES: usize = 2;
static DECODES: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(MAX_CONCURRENT_DECODES);

/// Runs picture work (decoding, encoding, thumbnails) on a blocking thread, at most
/// [`MAX_CONCURRENT_DECODES`] at once. The permit goes with the work, so a caller that stops
/// waiting (a client that hung up) does not free its place while the decoding still runs.
pub async fn decode_bounded<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    let permit = DECODES.acquire().await.map_err(anyhow::Error::from)?;
    let result = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(anyhow::Error::from)?;
    Ok(result)
}

/// The queue of thumbnail jobs.
pub const THUMBNAIL_QUEUE: &str = "vakants.thumbnail";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MakeThumbnail {
    pub file_id: Uuid,
}

fn wrong_file() -> Error {
    Error::field("file", "Wrong file: a picture must be a PNG or JPG image")
}

/// Decodes within the limits and encodes again in the same format: the result carries pixels only.
pub fn reencode(bytes: &[u8], sniffed: Sniffed) -> Result<Vec<u8>> {
    let format = match sniffed {
        Sniffed::Png => ImageFormat::Png,
        Sniffed::Jpeg => ImageFormat::Jpeg,
        _ => return Err(wrong_file()),
    };
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(256 * 1024 * 1024);
    reader.limits(limits);
    let picture = reader.decode().map_err(|e| match e {
        image::ImageError::Limits(_) => Error::field("file", format!("The picture is larger than {MAX_SIDE}×{MAX_SIDE} pixels")),
        _ => wrong_file(),
    })?;
    let mut out = Cursor::new(Vec::new());
    match sniffed {
        Sniffed::Jpeg => picture.to_rgb8().write_to(&mut out, ImageFormat::Jpeg),
        _ => picture.write_to(&mut out, ImageFormat::Png),
    }
    .map_err(|e| anyhow::anyhow!("encoding the picture: {e}"))?;
    Ok(out.into_inner())
}

/// A square PNG thumbnail, cropped to the middle.
pub fn thumbnail(bytes: &[u8]) -> Result<Vec<u8>> {
    let picture = image::load_from_memory(bytes).map_err(|_| wrong_file())?;
    let small = picture.resize_to_fill(THUMBNAIL_SIDE, THUMBNAIL_SIDE, image::imageops::FilterType::Triangle);
    let mut out = Cursor::new(Vec::new());
    small.write_to(&mut out, ImageFormat::Png).map_err(|e| anyhow::anyhow!("encoding the thumbnail: {e}"))?;
    Ok(out.into_inner())
}

/// Sets the user's profile picture; the previous one is removed.
#[tracing::instrument(skip_all, fields(size = bytes.len()))]
pub async fn upload(pool: &PgPool, store: &FileStore, user_id: Uuid, name: &str, bytes: Vec<u8>) -> Result<Uuid> {
    if bytes.len() > MAX_AVATAR_BYTES {
        return Err(Error::field("file", "The file is too large"));
    }
    let sniffed = match Sniffed::of(&bytes) {
        Some(kind @ (Sniffed::Png | Sniffed::Jpeg)) => kind,
        _ => return Err(wrong_file()),
    };
    let clean = decode_bounded(move || reencode(&bytes, sniffed)).await??;
    let key = store.put(&clean).await?;
    let mut tx = pool.begin().await?;
    let previous = detach(&mut tx, user_id).await?;
    let file_id = files::insert_file(&mut tx, user_id, "avatar", name, sniffed, &clean, &key, "not_applicable").await?;
    sqlx::query("insert into profiles (user_id, avatar_file_id) values ($1, $2) on conflict (user_id) do update set avatar_file_id = $2")
        .bind(user_id)
        .bind(file_id)
        .execute(&mut *tx)
        .await?;
    jobs::push(&mut tx, THUMBNAIL_QUEUE, &[MakeThumbnail { file_id }]).await?;
    tx.commit().await?;
    store.remove_all(&previous).await;
    Ok(file_id)
}

/// Removes the user's profile picture (and its thumbnail).
pub async fn remove(pool: &PgPool, store: &FileStore, user_id: Uuid) -> Result<()> {
    let mut tx = pool.begin().await?;
    let previous = detach(&mut tx, user_id).await?;
    tx.commit().await?;
    store.remove_all(&previous).await;
    Ok(())
}

/// Unlinks and deletes the rows of the current picture and its thumbnail; answers their storage keys.
async fn detach(conn: &mut sqlx::PgConnection, user_id: Uuid) -> Result<Vec<String>> {
    let keys: Vec<String> = sqlx::query_scalar(
        "with current as (select avatar_file_id as id from profiles where user_id = $1 and avatar_file_id is not null),
              unlinked as (update profiles set avatar_file_id = null where user_id = $1),
              doomed as (select f.id, f.storage_key, f.thumbnail_file_id from files f join current on current.id = f.id)
         delete from files where id in (select id from doomed union select thumbnail_file_id from doomed where thumbnail_file_id is not null)
         returning storage_key",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = image::RgbImage::from_pixel(width, height, image::Rgb([200, 30, 30]));
        let mut out = Cursor::new(Vec::new());
        picture.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_picture_comes_back_as_pixels_only() {
        let mut bytes = png(40, 30);
        // a text chunk (like a camera or location note) before the end
        let end = bytes.len() - 12;
        let chunk = [&0x09u32.to_be_bytes()[..], b"tEXt", b"GPS\x0059.43", &[0, 0, 0, 0]].concat();
        bytes.splice(end..end, chunk);
        let clean = reencode(&bytes, Sniffed::Png).unwrap();
        assert!(!clean.windows(4).any(|w| w == b"tEXt"));
        let decoded = image::load_from_memory(&clean).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (40, 30));
    }

    #[test]
    fn oversized_and_broken_pictures_are_refused() {
        let err = reencode(&png(MAX_SIDE + 1, 2), Sniffed::Png).unwrap_err();
        assert!(err.to_string().contains("pixels"), "{err}");
        assert!(reencode(b"\x89PNG\r\n\x1a\nnot really", Sniffed::Png).is_err());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn at_most_two_pictures_are_decoded_at_once() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let tasks: Vec<_> = (0..6)
            .map(|_| {
                let (running, most) = (running.clone(), most.clone());
                tokio::spawn(decode_bounded(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    running.fetch_sub(1, Ordering::SeqCst);
                }))
            })
            .collect();
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), MAX_CONCURRENT_DECODES);
    }

    #[test]
    fn thumbnails_are_small_squares() {
        let thumb = thumbnail(&png(300, 100)).unwrap();
        let decoded = image::load_from_memory(&thumb).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (THUMBNAIL_SIDE, THUMBNAIL_SIDE));
    }
}
