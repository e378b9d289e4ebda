declare module 'murmurhash3js-revisited' {
  type Bytes = ArrayLike<number>;
  const murmurHash3: {
    x86: { hash32(bytes: Bytes, seed?: number): number; hash128(bytes: Bytes, seed?: number): string };
    x64: { hash128(bytes: Bytes, seed?: number): string };
  };
  export default murmurHash3;
}
