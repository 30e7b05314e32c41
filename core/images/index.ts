/** Uploaded images: content sniffing, the object-store port and the limits that protect the disk. */
export * from './sniff';
export * from './port';
export * from './limits';
