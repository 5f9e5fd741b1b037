// The currencies the invoice editor offers first (any other ISO code may still be typed on an invoice). The rate
// prefetch keeps these ready in the cache, so a foreign-currency invoice written offline finds its rate.
export const CURRENCIES = ['HUF', 'EUR', 'USD', 'GBP', 'CHF', 'CZK', 'PLN', 'RON', 'SEK', 'DKK', 'NOK', 'JPY'] as const;
