import { describe, expect, it } from 'vitest';
import { pushEndpointAllowed } from './config';

describe('push endpoints the server will POST to', () => {
  it('are the browsers’ push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ])
      expect(pushEndpointAllowed(endpoint, []), endpoint).toBe(true);
  });
  it('are nothing else: look-alike hosts, plain http, other ports, credentials, other schemes', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'file:///etc/passwd',
      'not a url',
    ])
      expect(pushEndpointAllowed(endpoint, []), endpoint).toBe(false);
  });
  it('include hosts the operator adds, by host:port or host, over http too', () => {
    expect(pushEndpointAllowed('http://127.0.0.1:8090/notify/x', ['127.0.0.1:8090'])).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:8091/notify/x', ['127.0.0.1:8090'])).toBe(false);
    expect(pushEndpointAllowed('https://push.example.org/x', ['push.example.org'])).toBe(true);
  });
});
