-- The OpenID provider now keys tokens, codes and sessions by the SHA-256 of their id and keeps the
-- id out of the payload (oidc/adapter.ts). Rows written before were keyed by the bearer value
-- itself: remove them, so no copy of the database keeps one (members sign in again).
DELETE FROM "oidc_payloads" WHERE "type" IN ('AccessToken', 'AuthorizationCode', 'RefreshToken', 'ClientCredentials', 'DeviceCode', 'BackchannelAuthenticationRequest', 'PushedAuthorizationRequest', 'RegistrationAccessToken', 'InitialAccessToken', 'Session', 'Interaction');
