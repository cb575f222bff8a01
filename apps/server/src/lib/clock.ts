/** The server's notion of "now", injectable so expiry rules can be tested without waiting. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
