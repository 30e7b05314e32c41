import { describe, expect, it } from 'vitest';
import { shownPicture } from './picture';

describe('shownPicture', () => {
  it("answers https pictures on X's image hosts and nothing else", () => {
    expect(shownPicture('https://pbs.twimg.com/profile_images/1/a_normal.jpg')).toBe('https://pbs.twimg.com/profile_images/1/a_normal.jpg');
    expect(shownPicture('https://abs.twimg.com/sticky/default_profile_images/default_profile.png')).not.toBeNull();
    for (const url of [
      null,
      'https://evil.example/a.png',
      'http://pbs.twimg.com/a.png',
      'https://pbs.twimg.com.evil.example/a.png',
      'https://pbs.twimg.com:8443/a.png',
      'https://user@pbs.twimg.com/a.png',
      'https://pbs.twimg.com\\@evil.example/a.png',
      'https://pbs.twimg.com/a.png@evil.example',
      'https://evil.example/https://pbs.twimg.com/a.png',
      'https://twimg.com/a.png',
    ]) {
      expect(shownPicture(url), String(url)).toBeNull();
    }
  });
});
