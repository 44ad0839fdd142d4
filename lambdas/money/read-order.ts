// Which of two reads came first, within one invocation: each read takes a number from one increasing
// sequence (a read of Stripe before its request is sent, a listing of our records once it is back),
// so a higher number is a later read. Clocks are not needed, and two reads never share a number.

let last = 0;

export const nextReadSeq = (): number => ++last;
