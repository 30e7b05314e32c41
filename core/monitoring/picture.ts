/**
 * Which pictures of monitored accounts browsers are given. Every browser that lists an account
 * loads its picture, the admin's first (the approval queue); a user adding an account may name
 * any address as its picture, and a browser loading it would tell that address who looked and
 * when. So only X's own image hosts are answered — where X serves profile pictures, and where the
 * sandbox emulator names them — over https, on the default port, without credentials in the URL;
 * anything else is answered as no picture (the initials show).
 */
export const X_IMAGE_HOSTS = ['pbs.twimg.com', 'abs.twimg.com'] as const;

const HTTPS_ON_X = /^https:\/\/(pbs|abs)\.twimg\.com\/[^\s@\\]*$/i;

export const shownPicture = (url: string | null): string | null => (url !== null && HTTPS_ON_X.test(url) ? url : null);
