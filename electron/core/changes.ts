// The change log is written by triggers (migrations/0008, docs/sync.md "How changes are captured"): a service only
// writes its records, in a write transaction. What a call carries to those triggers (the origin of its changes, its
// idempotency key) lives in ../db/call-context; it is re-exported here for the core and for sync.
export { callContext, currentOrigin, type CallContext } from '../db/call-context';
