import type { ServiceEntry } from '@contract/services';
import { ServiceCard } from './service-card';
import './service-card.css';

/** The grid of service cards used on the home and services pages. */
export function ServiceGrid({ services, headingLevel }: { services: readonly ServiceEntry[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <ul className="service-grid">
      {services.map((service) => (
        <li key={service.key}>
          <ServiceCard service={service} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
