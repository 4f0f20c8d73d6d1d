/**
 * The school's images as a signed-in page shows them: through this server's /media/{key}, which asks the
 * school API with the session's token, since the API shows a person's photo or a signature to no one
 * else (a logo, public, is shown this way too on signed-in pages, so one rule fits every image).
 */
export function mediaSrc(url: string | null): string | null {
  const key = url ? /\/api\/media\/([a-f0-9]{32})$/.exec(url)?.[1] : undefined;
  return key ? `/media/${key}` : null;
}
