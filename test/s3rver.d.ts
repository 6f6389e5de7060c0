// s3rver ships no types; this is the part of its API the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** S3 event notifications, one for each object created or removed. */
    on(
      event: 'event',
      listener: (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void,
    ): this;
  }
}
