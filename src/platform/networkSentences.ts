// What a failure of the network means to the user, in a sentence that says whether anything was
// sent and what to do next, and what they can look at to fix it (errorFromException's part for
// the network's own failures: proxies, names, certificates, TLS).

import * as l10n from '@vscode/l10n';
import type { NetworkCause } from './errors';
import type { NetworkFacts, TransportError } from './transportError';

/** The proxy, and where its address came from, as a sentence names it. */
function proxyWords(facts: NetworkFacts): string {
  const proxy = facts.proxy ?? l10n.t('(address unknown)');
  if (facts.proxySource === undefined) return proxy;
  return facts.proxySource === 'http.proxy'
    ? l10n.t('{0} (from the setting http.proxy)', proxy)
    : l10n.t('{0} (from the environment variable {1})', proxy, facts.proxySource);
}

/** The sentence of a failure of the network's, and what the user can look at to fix it. */
export function networkSentence(error: TransportError): { message: string; cause: NetworkCause } | undefined {
  const facts = error.facts;
  const host = facts.host;
  // A code the network stack gave, in parentheses after what failed: no words of its own.
  const code = facts.code ? ` (${facts.code})` : '';
  switch (error.failure) {
    case 'nameNotResolved':
      return {
        cause: 'route',
        message: host
          ? l10n.t(
              'The name {0} does not resolve{1}: no address was found for it here. Nothing was sent. Check the base URL; if your network reaches the internet through a proxy, set http.proxy to it, since only the proxy may know the name. Check Connection shows the way each call takes.',
              host,
              code,
            )
          : l10n.t(
              'The name of the platform does not resolve{0}: no address was found for it here. Nothing was sent. Check the base URL; if your network reaches the internet through a proxy, set http.proxy to it, since only the proxy may know the name. Check Connection shows the way each call takes.',
              code,
            ),
      };
    case 'unreached':
      return {
        cause: 'route',
        message: host
          ? l10n.t(
              'Could not reach the platform at {0}{1}. Nothing was sent. Check your connection and the base URL; behind a proxy, set http.proxy to it. Check Connection shows the way each call takes.',
              host,
              code,
            )
          : l10n.t(
              'Could not reach the platform at its address{0}. Nothing was sent. Check your connection and the base URL; behind a proxy, set http.proxy to it. Check Connection shows the way each call takes.',
              code,
            ),
      };
    case 'certificateUntrusted':
      return {
        cause: 'certificate',
        message: `${untrustedSentence(facts, code)} ${l10n.t(
          "Nothing was sent. To trust it, add the root certificate it chains to (from your IT team, when a company proxy inspects connections) to the operating system's trusted certificates, which VS Code reads while http.systemCertificates is on (its default); or point the environment variable NODE_EXTRA_CA_CERTS at a file holding it, and restart VS Code; or, for a proxy's own certificate only, turn off http.proxyStrictSSL. Docs Assistant never turns verification off itself.",
        )}`,
      };
    case 'notTls':
      return {
        cause: 'route',
        message: host
          ? l10n.t(
              "The server at {0} does not speak TLS{1}: it answered an https:// call in plain text. Nothing was sent. Check the base URL's scheme and port (http:// is only for this machine); a proxy or captive portal may also be answering in the platform's place.",
              host,
              code,
            )
          : l10n.t(
              "The server at the base URL does not speak TLS{0}: it answered an https:// call in plain text. Nothing was sent. Check the base URL's scheme and port (http:// is only for this machine); a proxy or captive portal may also be answering in the platform's place.",
              code,
            ),
      };
    case 'proxyUnreached':
      return {
        cause: 'proxy',
        message: l10n.t(
          "The proxy {0} cannot be reached{1}. Nothing was sent. Check the proxy's address, or that the proxy is running; http.noProxy lists the hosts to reach without it.",
          proxyWords(facts),
          code,
        ),
      };
    case 'proxyAuthRequired':
      return {
        cause: 'proxyCredentials',
        message: facts.signInDeclined
          ? l10n.t(
              "The proxy {0} asks for credentials (407 Proxy Authentication Required), and VS Code's own sign-in to it did not get through (it was dismissed, or none was offered). Nothing was sent. Set http.proxyAuthorization to the header it expects (such as Basic followed by the base64 of user:password), or put them in the proxy's address (http://user:password@host:port); until then, agent jobs are checked only when you ask.",
              proxyWords(facts),
            )
          : facts.credentialsSent
            ? l10n.t(
                "The proxy {0} did not accept the credentials given (407 Proxy Authentication Required). Nothing was sent. Check http.proxyAuthorization, or the user name and password in the proxy's address.",
                proxyWords(facts),
              )
            : l10n.t(
                "The proxy {0} asks for credentials (407 Proxy Authentication Required). Nothing was sent. Set http.proxyAuthorization to the header it expects (such as Basic followed by the base64 of user:password), or put them in the proxy's address (http://user:password@host:port).",
                proxyWords(facts),
              ),
      };
    case 'proxyRefused': {
      const status = error.status ?? l10n.t('no status');
      return {
        cause: 'proxy',
        message: host
          ? l10n.t(
              'The proxy {0} refused to open a tunnel to {1} ({2}). Nothing was sent. Your network may not allow that host through the proxy: ask your IT team, or list it in http.noProxy if it is to be reached directly.',
              proxyWords(facts),
              host,
              status,
            )
          : l10n.t(
              'The proxy {0} refused to open a tunnel to the platform ({1}). Nothing was sent. Your network may not allow that host through the proxy: ask your IT team, or list it in http.noProxy if it is to be reached directly.',
              proxyWords(facts),
              status,
            ),
      };
    }
    case 'proxyFailed':
      return { cause: 'proxy', message: proxyFailedSentence(facts, code) };
    case 'proxyInvalid':
      return {
        cause: 'proxy',
        message: `${error.message} ${l10n.t("Nothing was sent. Set it to the proxy's address, such as http://proxy.example.com:3128, or clear it.")}`,
      };
    default:
      return undefined;
  }
}

/** The first sentence of an untrusted certificate's failure: whose it is, and who issued it when known. */
function untrustedSentence(facts: NetworkFacts, code: string): string {
  const issued = Boolean(facts.subject || facts.issuer);
  const subject = facts.subject ?? l10n.t('an unnamed subject');
  const issuer = facts.issuer ?? l10n.t('an unnamed issuer');
  if (facts.certificateOf !== 'proxy')
    return issued
      ? l10n.t(
          "The platform's certificate is not trusted{0}: it was issued to {1} by {2}, which this machine does not trust.",
          code,
          subject,
          issuer,
        )
      : l10n.t("The platform's certificate is not trusted{0}.", code);
  if (facts.proxy)
    return issued
      ? l10n.t(
          "The proxy {0}'s certificate is not trusted{1}: it was issued to {2} by {3}, which this machine does not trust.",
          facts.proxy,
          code,
          subject,
          issuer,
        )
      : l10n.t("The proxy {0}'s certificate is not trusted{1}.", facts.proxy, code);
  return issued
    ? l10n.t(
        "The proxy's certificate is not trusted{0}: it was issued to {1} by {2}, which this machine does not trust.",
        code,
        subject,
        issuer,
      )
    : l10n.t("The proxy's certificate is not trusted{0}.", code);
}

/** A proxy that took the connection but opened no tunnel: what it did instead, and that nothing reached the platform. */
function proxyFailedSentence(facts: NetworkFacts, code: string): string {
  switch (facts.proxyProblem) {
    case 'timeout':
      return l10n.t(
        "The proxy {0} took the connection but did not answer in time{1}, so no tunnel to the platform was opened. Nothing was sent. Check the proxy's address (another kind of server may listen there), or ask your IT team whether the proxy is working.",
        proxyWords(facts),
        code,
      );
    case 'notProxy':
      return l10n.t(
        "The proxy {0} answered with something that is not a proxy's answer{1}, so no tunnel to the platform was opened. Nothing was sent. Check the proxy's address and port: another kind of server may listen there.",
        proxyWords(facts),
        code,
      );
    default:
      return l10n.t(
        "The proxy {0} closed the connection before it opened a tunnel to the platform{1}. Nothing was sent. Check the proxy's address, or ask your IT team whether the proxy lets the platform's host through.",
        proxyWords(facts),
        code,
      );
  }
}
