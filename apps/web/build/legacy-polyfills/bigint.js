// Chromium 63–66 (Samsung 2019 TVs) have no BigInt (Chromium 67), and no
// library can add the real thing: BigInt is a primitive type. zod, which
// parses every API answer through the contract's schemas, builds BigInt
// range constants when it loads; without BigInt the whole app fails to
// start. The contract has no bigint schema (build/legacy-bundle.test.ts
// checks), so those constants are never compared with a value: numbers
// stand in for them. Legacy bundle only (decision 0046).
if (typeof window.BigInt !== 'function') {
  window.BigInt = function BigInt(value) {
    var number = Number(value);
    if (number !== Math.floor(number)) throw new RangeError('The number ' + value + ' cannot be converted to a BigInt');
    return number;
  };
}
