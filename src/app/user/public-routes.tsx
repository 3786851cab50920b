/** Lazily loaded from AppRoutes: the public pages other than login, which use antd, inside antd's providers. */
import { AntdFrame } from '../AntdFrame.tsx';
import { AlterationPage } from './AlterationPage.tsx';
import { HomePage } from './HomePage.tsx';
import { NotOpenPage } from './NotOpenPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';
import { RegisterResultPage } from './RegisterResultPage.tsx';

export function FramedAlterationPage() {
  return (
    <AntdFrame>
      <AlterationPage />
    </AntdFrame>
  );
}

export function FramedRegisterPage() {
  return (
    <AntdFrame>
      <RegisterPage />
    </AntdFrame>
  );
}

export function FramedRegisterResultPage() {
  return (
    <AntdFrame>
      <RegisterResultPage />
    </AntdFrame>
  );
}

export function FramedNotOpenPage({ title }: { title: string }) {
  return (
    <AntdFrame>
      <NotOpenPage title={title} />
    </AntdFrame>
  );
}

export function FramedHomePage() {
  return (
    <AntdFrame>
      <HomePage />
    </AntdFrame>
  );
}
