import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ManagePageHeader } from './manage-page-header';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../auth/auth-context';
import { AddStaffForm } from './add-staff-form';
import { BlogPostForm } from './blog-post-form';
import { BlogPostList } from './blog-post-list';
import { FeatureForm } from './feature-form';
import { FeatureList } from './feature-list';
import { LogFileList } from './log-file-list';
import { ServiceStatusList } from './service-status-list';
import { StaffList } from './staff-list';
import './manage.css';

const sections = [
  { id: 'manage-blog', title: 'Blog posts' },
  { id: 'manage-features', title: 'Features' },
  { id: 'manage-services', title: 'Services' },
  { id: 'manage-staff', title: 'Staff accounts' },
  { id: 'manage-logs', title: 'Log files' },
] as const;

type SectionId = (typeof sections)[number]['id'];

/** /manage: every part of site management on one page, each in its own section. */
export function ManageDashboard() {
  const { access } = useAuth();
  const navigate = useNavigate();
  // Bumping a form's key empties it after a successful create.
  const [formKeys, setFormKeys] = useState({ post: 0, feature: 0, staff: 0 });
  const headingRefs = useRef(new Map<SectionId, HTMLHeadingElement>());

  /** After creating something: fresh form, back at /manage, focus on the list that now shows it. */
  function afterCreate(form: keyof typeof formKeys, section: SectionId): void {
    setFormKeys((keys) => ({ ...keys, [form]: keys[form] + 1 }));
    void navigate(paths.manage);
    const heading = headingRefs.current.get(section);
    heading?.focus();
    heading?.scrollIntoView({ block: 'start' });
  }

  const heading = (id: SectionId, title: string) => (
    <h2
      id={`${id}-heading`}
      tabIndex={-1}
      className="manage-card__title"
      ref={(element) => {
        if (element) headingRefs.current.set(id, element);
        else headingRefs.current.delete(id);
      }}
    >
      {title}
    </h2>
  );

  return (
    <>
      <ManagePageHeader eyebrow="Staff" title="Site management" lead="Blog posts, home page features, services, staff accounts and log files." />
      <div className="container manage-page">
        <nav className="manage-toc" aria-label="Site management sections">
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="manage-grid">
          <section id="manage-blog" className="manage-card" aria-labelledby="manage-blog-heading">
            {heading('manage-blog', 'Blog posts')}
            <BlogPostList />
            <details className="manage-disclosure">
              <summary>New post</summary>
              <BlogPostForm key={formKeys.post} onCreated={() => afterCreate('post', 'manage-blog')} />
            </details>
          </section>

          <section id="manage-features" className="manage-card" aria-labelledby="manage-features-heading">
            {heading('manage-features', 'Features')}
            <p className="manage-card__lead">The pictures and words in the “Building better communities” carousel on the home page.</p>
            <FeatureList />
            <details className="manage-disclosure">
              <summary>New feature</summary>
              <FeatureForm key={formKeys.feature} onCreated={() => afterCreate('feature', 'manage-features')} />
            </details>
          </section>

          <section id="manage-services" className="manage-card manage-grid__wide" aria-labelledby="manage-services-heading">
            {heading('manage-services', 'Services')}
            <p className="manage-card__lead">
              Open or close enrolment for each service. While a service is closed, its card shows the status text, or
              “Temporarily unavailable” when that is empty.
            </p>
            <ServiceStatusList />
          </section>

          <section id="manage-staff" className="manage-card" aria-labelledby="manage-staff-heading">
            {heading('manage-staff', 'Staff accounts')}
            <StaffList />
            <details className="manage-disclosure">
              <summary>Add staff member</summary>
              <AddStaffForm key={formKeys.staff} ownAccess={access} onAdded={() => afterCreate('staff', 'manage-staff')} />
            </details>
          </section>

          <section id="manage-logs" className="manage-card" aria-labelledby="manage-logs-heading">
            {heading('manage-logs', 'Log files')}
            <p className="manage-card__lead">What the server has written down about its work. They hold no passwords or client details.</p>
            <LogFileList />
          </section>
        </div>
      </div>
    </>
  );
}
