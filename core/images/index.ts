/** Uploaded images: content sniffing and the object-store port. */
export * from './sniff';
export * from './port';
