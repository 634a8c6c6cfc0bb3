import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { gatewayConfig, routedServices } from '@garage/gateway';
import { isPinnedImage } from '@garage/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
const base = path.join(here, '../base');
const overlay = path.join(here, '../overlays/production');

/** Every Kubernetes object of a folder, checked offline against the API's schemas. */
const MODELS: Record<string, new (value: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/Namespace': Namespace,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

function objects(dir: string) {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((doc) => ({ file, object: doc.toJS() as Record<string, any> })),
    );
}

const baseObjects = objects(base);
const byKind = (kind: string) => baseObjects.map((entry) => entry.object).filter((object) => object.kind === kind);
const deployments = byKind('Deployment');
/** Every folder under services/: a new service fails this test until its manifests are here. */
const SERVICES = readdirSync(path.join(here, '../../../services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('Kubernetes manifests', () => {
  it.each(baseObjects.map((entry) => [`${entry.file}: ${entry.object.kind}/${entry.object.metadata?.name}`, entry.object]))(
    '%s is valid against the Kubernetes schema',
    (_name, object) => {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model).toBeDefined();
      expect(() => new Model!(object).validate()).not.toThrow();
    },
  );

  it('would catch an invalid manifest', () => {
    const [deployment] = deployments;
    expect(() => new Deployment({ ...deployment, spec: { ...deployment!.spec, replicas: 'two' } }).validate()).toThrow();
    expect(() => new Deployment({ ...deployment, spec: { ...deployment!.spec, selector: undefined } }).validate()).toThrow();
  });

  it('has a Deployment, a Service and an autoscaler (min 2, CPU target) for every app the gateway routes to, the gateway and the SPA', () => {
    const apps = [...new Set([...routedServices(), ...SERVICES, 'gateway', 'web'])];
    for (const app of apps) {
      expect(deployments.map((d) => d.metadata.name)).toContain(app);
      expect(byKind('Service').map((s) => s.metadata.name)).toContain(app);
      const hpa = byKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === app);
      expect(hpa?.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa?.spec.metrics[0].resource.name).toBe('cpu');
    }
  });

  it.each(deployments.map((d) => [d.metadata.name, d]))('%s follows the production rules', (name, deployment) => {
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext.allowPrivilegeEscalation).toBe(false);
    expect(container.resources.requests.cpu).toBeDefined();
    expect(container.resources.requests.memory).toBeDefined();
    expect(container.resources.limits.cpu).toBeDefined();
    expect(container.resources.limits.memory).toBeDefined();
    expect(container.startupProbe).toBeDefined();
    expect(container.readinessProbe).toBeDefined();
    expect(container.livenessProbe).toBeDefined();
    expect(container.lifecycle.preStop).toBeDefined();
    // The grace period outlasts the preStop pause plus the drain.
    const preStopSeconds = Number(container.lifecycle.preStop.exec.command[1]);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(preStopSeconds + 20);
    if (SERVICES.includes(name)) {
      // Readiness follows the database only (/health reports the broker without failing: the outbox
      // absorbs a broker outage); liveness follows neither (/live).
      expect(container.readinessProbe.httpGet.path).toBe('/health');
      // The probe waits longer than the service's own checks (2 s), so a hanging database answers 503.
      expect(container.readinessProbe.timeoutSeconds).toBeGreaterThan(2);
      expect(container.livenessProbe.httpGet.path).toBe('/live');
      const secrets = container.env.filter((e: any) => e.valueFrom?.secretKeyRef).map((e: any) => e.name);
      expect(secrets).toEqual(expect.arrayContaining(['DATABASE_URL', 'AMQP_URL', 'JWT_PUBLIC_KEY']));
    }
  });

  it('keeps the gateway in its Service while a service behind it is down, and takes it out before it stops taking requests', () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    const pod = gateway.spec.template.spec;
    const [container] = pod.containers;
    // /api/health aggregates the services; as a probe it would take every route out for one.
    // /api/ready is the process's own, and turns 503 on SIGTERM (gateway/test/readiness.test.ts).
    expect(container.readinessProbe.httpGet.path).toBe('/api/ready');
    const drainMs = Number(container.env.find((e: any) => e.name === 'SHUTDOWN_DRAIN_MS').value);
    const probe = container.readinessProbe;
    // Seen not ready (period × threshold, plus the probe's own timeout) well within the drain.
    expect((probe.periodSeconds * probe.failureThreshold + probe.timeoutSeconds) * 1000).toBeLessThan(drainMs);
    const preStopSeconds = Number(container.lifecycle.preStop.exec.command[1]);
    const holdMs = gatewayConfig.UPSTREAM_RETRY_WINDOW_MS.parse(undefined);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(preStopSeconds * 1000 + drainMs + holdMs);
  });

  it('runs two gateways, at most one of them disrupted at a time', () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    expect(gateway.spec.replicas).toBe(2);
    expect(gateway.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    const budget = byKind('PodDisruptionBudget').find((b) => b.metadata.name === 'gateway')!;
    expect(budget.spec.selector.matchLabels).toEqual(gateway.spec.selector.matchLabels);
    expect(budget.spec.minAvailable).toBe(1);
  });

  it('routes /api to the gateway and everything else to the SPA', () => {
    const [ingress] = byKind('Ingress');
    const paths = ingress!.spec.rules[0].http.paths.map((p: any) => [p.path, p.backend.service.name]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['/api', 'gateway'],
        ['/', 'web'],
      ]),
    );
  });

  it("passes the client's address to the gateway and keeps its metrics off the Service and the Ingress", () => {
    const [config] = byKind('ConfigMap');
    expect(config!.data.TRUST_PROXY).toBeTruthy();
    expect(gatewayConfig.TRUST_PROXY.safeParse(config!.data.TRUST_PROXY).success).toBe(true);
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    const container = gateway.spec.template.spec.containers[0];
    const metricsPort = Number(container.env.find((e: any) => e.name === 'METRICS_PORT').value);
    expect(container.ports.map((p: any) => p.containerPort)).toContain(metricsPort);
    expect(gateway.spec.template.metadata.annotations['prometheus.io/port']).toBe(String(metricsPort));
    const service = byKind('Service').find((s) => s.metadata.name === 'gateway')!;
    expect(service.spec.ports.map((p: any) => p.targetPort)).toEqual(['http']);
    const [ingress] = byKind('Ingress');
    for (const route of ingress!.spec.rules[0].http.paths) expect(route.backend.service.port.name).toBe('http');
  });

  it('keeps secrets out of the ConfigMap and lists every file in the kustomization', () => {
    const [config] = byKind('ConfigMap');
    expect(Object.keys(config!.data).some((key) => /SECRET|PASSWORD|PRIVATE|DATABASE_URL|AMQP_URL/.test(key))).toBe(false);
    const kustomization = parseAllDocuments(readFileSync(path.join(base, 'kustomization.yaml'), 'utf8'))[0]!.toJS();
    const files = readdirSync(base).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
  });

  it('builds the production overlay on the base with real secrets from outside the repo', () => {
    const kustomization = parseAllDocuments(readFileSync(path.join(overlay, 'kustomization.yaml'), 'utf8'))[0]!.toJS();
    expect(kustomization.resources).toContain('../../base');
    expect(kustomization.secretGenerator[0]).toMatchObject({ name: 'garage-secrets', behavior: 'replace' });
    const imageNames = kustomization.images.map((image: any) => image.name);
    for (const deployment of deployments) expect(imageNames).toContain(deployment.spec.template.spec.containers[0].image.split(':')[0]);
    for (const { object } of objects(overlay)) {
      if (object.kind === 'Namespace') expect(() => new Namespace(object as any).validate()).not.toThrow();
    }
  });

  it('runs every app from an image of its own, pinned to an exact version (no latest, no untagged image)', () => {
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec;
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        expect({ image: container.image, pinned: isPinnedImage(container.image) }).toEqual({ image: container.image, pinned: true });
      }
      expect(pod.containers[0].image.split(':')[0]).toBe(`garage/${deployment.metadata.name}`);
    }
    const kustomization = parseAllDocuments(readFileSync(path.join(overlay, 'kustomization.yaml'), 'utf8'))[0]!.toJS();
    for (const image of kustomization.images) expect(isPinnedImage(`${image.newName ?? image.name}:${image.newTag}`)).toBe(true);
  });
});
