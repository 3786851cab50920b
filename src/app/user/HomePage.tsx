/**
 * The public landing page (`/home`): the platform's branding, what it offers, and the ways in — platform login,
 * shipper login and registration. Everything shown comes from platform settings, so each deployment is its own.
 */
import { Button, Card, Col, Row, Typography } from 'antd';
import { AuditOutlined, CarOutlined, CloudUploadOutlined, FileDoneOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../paths.ts';
import { usePlatformSettings } from '../settings.tsx';
import { PlatformFooter } from './PlatformFooter.tsx';

const GRADIENT = 'linear-gradient(135deg, #1d3b72 0%, #2f6fd6 55%, #7bb4ff 100%)';

const SERVICES: Array<{ icon: ReactNode; title: string; text: string }> = [
  { icon: <CarOutlined />, title: '运单全程监管', text: '货源发布、司机接单、装卸货与轨迹留痕，运输过程真实可查。' },
  { icon: <AuditOutlined />, title: '司机车辆审核', text: '身份证、驾驶证、道路运输证件在线审核，到期自动提醒。' },
  { icon: <FileDoneOutlined />, title: '结算与开票', text: '月结、批结、趟结与垫付，对账、付款、开票一站完成。' },
  { icon: <CloudUploadOutlined />, title: '监管数据上报', text: '运单、资金流水按部省监测要求上报，税务数据合规。' },
];

export function HomePage() {
  const settings = usePlatformSettings();
  const background = settings.loginBackground ? `center / cover no-repeat url(${JSON.stringify(settings.loginBackground)})` : GRADIENT;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f5f7fa' }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '12px 32px', background: '#fff', boxShadow: '0 1px 4px rgba(0,21,41,0.08)' }}>
        {settings.logoLight || settings.logo ? <img src={settings.logoLight || settings.logo} alt="logo" style={{ height: 32 }} /> : null}
        <Typography.Text strong style={{ fontSize: 18, flex: 1 }}>
          {settings.platformName}
        </Typography.Text>
        <nav aria-label="登录入口" style={{ display: 'flex', gap: 8 }}>
          <Link to={LOGIN_PATH}>
            <Button type="primary">平台登录</Button>
          </Link>
          <Link to="/user/login3">
            <Button>货主登录</Button>
          </Link>
          <Link to="/user/register">
            <Button type="link">注册</Button>
          </Link>
        </nav>
      </header>
      <main style={{ flex: 1 }}>
        <section style={{ background, color: '#fff', padding: '72px 32px', textAlign: 'center' }}>
          <h1 style={{ color: '#fff', fontSize: 36, margin: 0 }}>{settings.platformName}</h1>
          <p style={{ fontSize: 18, opacity: 0.9, marginTop: 16 }}>合规、透明、高效的网络货运一站式服务</p>
          {settings.servicePhone ? <p style={{ opacity: 0.85 }}>服务热线：{settings.servicePhone}</p> : null}
        </section>
        <section aria-label="平台服务" style={{ maxWidth: 1200, margin: '0 auto', padding: '40px 24px' }}>
          <Row gutter={[24, 24]}>
            {SERVICES.map((service) => (
              <Col key={service.title} xs={24} sm={12} lg={6}>
                <Card style={{ height: '100%' }}>
                  <div style={{ fontSize: 32, color: '#1890FF' }} aria-hidden>
                    {service.icon}
                  </div>
                  <h3>{service.title}</h3>
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                    {service.text}
                  </Typography.Paragraph>
                </Card>
              </Col>
            ))}
          </Row>
        </section>
      </main>
      <PlatformFooter style={{ color: 'rgba(0,0,0,0.45)', background: '#fff' }} />
    </div>
  );
}
