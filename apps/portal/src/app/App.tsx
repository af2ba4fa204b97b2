import { type ComponentType, lazy, Suspense } from 'react';
import { Loading } from '../components/Loading';
import { EnrollFlow } from '../flows/enroll/EnrollFlow';
import { SignInFlow } from '../flows/webLogin/SignInFlow';
import { I18nProvider } from '../lib/i18n/I18nProvider';
import { NotFoundPage } from './NotFoundPage';
import { matchRoute } from './routes';

/** The smartphone app: its own chunk, so that the enrolment and sign-in pages never load it. */
const DeviceApp = lazy(() => import('../flows/device/DeviceApp'));
let loadedDeviceApp: ComponentType | null = null;

/**
 * Loads the app's chunk before the first render (main.tsx, on /app/): React 19 holds content back
 * for 300 ms after a Suspense fallback was shown, which put the app's first screen at ~460 ms on
 * a phone where its chunk was in at ~190 ms.
 */
export async function preloadDeviceApp(): Promise<void> {
  loadedDeviceApp = (await import('../flows/device/DeviceApp')).default;
}

/** Picks the flow for the address; each flow owns its page from there. */
export function App({ pathname }: { pathname: string }) {
  const route = matchRoute(pathname);
  return (
    <I18nProvider>
      {route.flow === 'enroll' ? (
        <EnrollFlow token={route.token} />
      ) : route.flow === 'signin' ? (
        <SignInFlow uid={route.uid} />
      ) : route.flow === 'device' && loadedDeviceApp ? (
        <LoadedDeviceApp component={loadedDeviceApp} />
      ) : route.flow === 'device' ? (
        <Suspense fallback={<Loading />}>
          <DeviceApp />
        </Suspense>
      ) : (
        <NotFoundPage />
      )}
    </I18nProvider>
  );
}

const LoadedDeviceApp = ({ component: Loaded }: { component: ComponentType }) => <Loaded />;
