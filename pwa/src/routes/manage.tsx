import '../i18n/manage';
import { isEnrollable } from '@contract/services';
import { ManagerOnly } from '../components/manage/manager-only';
import { useBlogPosts } from '../features/blog/api/get-blog-posts';
import { useFeatures } from '../features/carousel/api/get-features';
import { useServiceStatuses } from '../features/services/manage/get-service-statuses';
import { useSite } from '../features/site/api/get-site';
import { useTeam } from '../features/site/api/team';
import { FirstRunChecklist, type ChecklistStep } from '../features/site/manage/first-run-checklist';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ManagePageHeader } from '../components/manage/manage-page-header';
import { paths } from '../lib/paths';
import { staffPaths } from '../lib/staff-paths';
import { useAuth } from '../lib/auth/auth-context';
import { AddStaffForm } from '../features/users/components/add-staff-form';
import { BlogPostForm } from '../features/blog/manage/blog-post-form';
import { BlogPostList } from '../features/blog/manage/blog-post-list';
import { FeatureForm } from '../features/carousel/manage/feature-form';
import { FeatureList } from '../features/carousel/manage/feature-list';
import { LogFileList } from '../features/logs/components/log-file-list';
import { ServiceStatusList } from '../features/services/manage/service-status-list';
import { StaffList } from '../features/users/components/staff-list';
import '../components/manage/manage.css';
import { useT } from '../i18n/use-t';
import type { MessageKey } from '../i18n/i18n';

const sections = [
  { id: 'manage-trust', title: 'manage.trust' },
  { id: 'manage-blog', title: 'manage.blogPosts' },
  { id: 'manage-features', title: 'manage.features' },
  { id: 'manage-services', title: 'manage.services' },
  { id: 'manage-staff', title: 'manage.staffAccounts' },
  { id: 'manage-logs', title: 'manage.logFiles' },
  { id: 'manage-te-reo', title: 'manage.teReo' },
] as const satisfies readonly { id: string; title: MessageKey }[];

type SectionId = (typeof sections)[number]['id'];

/**
 * The first-run checklist's steps, from what the server holds now; a step is `null` while its
 * answer is still on the way (the checklist waits, so it never flashes).
 */
function useChecklistSteps(): (ChecklistStep | null)[] {
  const site = useSite();
  const team = useTeam();
  const posts = useBlogPosts();
  const features = useFeatures();
  const services = useServiceStatuses();
  const step = <Data,>(query: { data?: Data }, make: (data: Data) => ChecklistStep) => (query.data === undefined ? null : make(query.data));
  return [
    step(site, (details) => ({
      label: 'manage.checklist.details',
      done: Boolean(details.name && (details.phone || details.email)),
      to: staffPaths.manageSite,
    })),
    step(team, (members) => ({ label: 'manage.checklist.team', done: members.length > 0, to: staffPaths.manageTeam })),
    step(posts, (list) => ({ label: 'manage.checklist.post', done: list.length > 0, to: '#manage-blog', inPage: true })),
    step(features, (list) => ({ label: 'manage.checklist.features', done: list.length > 0, to: '#manage-features', inPage: true })),
    step(services, (list) => ({
      label: 'manage.checklist.services',
      done: list.some((service) => isEnrollable(service.status)),
      to: '#manage-services',
      inPage: true,
    })),
  ];
}

/** /manage: site management for managers (access 2 and up). */
export default function ManageRoute() {
  return (
    <ManagerOnly>
      <ManageDashboard />
    </ManagerOnly>
  );
}

/** Every part of site management on one page, each domain's lists and forms in its own section. */
function ManageDashboard() {
  const t = useT();
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
      <ManagePageHeader eyebrow={t('manage.staff')} title={t('manage.title')} lead={t('manage.lead')} />
      <div className="container manage-page">
        <nav className="manage-toc" aria-label={t('manage.sections')}>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{t(section.title)}</a>
              </li>
            ))}
          </ul>
        </nav>

        <FirstRunChecklist steps={useChecklistSteps()} />

        <div className="manage-grid">
          <section id="manage-trust" className="manage-card manage-grid__wide" aria-labelledby="manage-trust-heading">
            {heading('manage-trust', t('manage.trust'))}
            <p className="manage-card__lead">{t('manage.trustLead')}</p>
            <ul className="manage-links">
              <li>
                <Link to={staffPaths.manageSite}>{t('manage.site.title')}</Link>
              </li>
              <li>
                <Link to={staffPaths.manageTeam}>{t('manage.team.title')}</Link>
              </li>
              <li>
                <Link to={staffPaths.manageFormerServices}>{t('manage.former.pageTitle')}</Link>
              </li>
            </ul>
            <h3 className="manage-card__subtitle">{t('manage.texts.heading')}</h3>
            <p className="manage-card__lead">{t('manage.texts.intro')}</p>
            <PublicTextLinks />
          </section>

          <section id="manage-blog" className="manage-card" aria-labelledby="manage-blog-heading">
            {heading('manage-blog', t('manage.blogPosts'))}
            <BlogPostList />
            <details className="manage-disclosure">
              <summary>{t('manage.newPost')}</summary>
              <BlogPostForm key={formKeys.post} onCreated={() => afterCreate('post', 'manage-blog')} />
            </details>
          </section>

          <section id="manage-features" className="manage-card" aria-labelledby="manage-features-heading">
            {heading('manage-features', t('manage.features'))}
            <p className="manage-card__lead">{t('manage.featuresLead')}</p>
            <FeatureList />
            <details className="manage-disclosure">
              <summary>{t('manage.newFeature')}</summary>
              <FeatureForm key={formKeys.feature} onCreated={() => afterCreate('feature', 'manage-features')} />
            </details>
          </section>

          <section id="manage-services" className="manage-card manage-grid__wide" aria-labelledby="manage-services-heading">
            {heading('manage-services', t('manage.services'))}
            <p className="manage-card__lead">{t('manage.servicesLead')}</p>
            <ServiceStatusList />
            <p>
              <Link to={staffPaths.manageOutputs}>{t('outputs.link')}</Link>
            </p>
            <p>
              <Link to={staffPaths.reports}>{t('outputs.reportsLink')}</Link>
            </p>
          </section>

          <section id="manage-staff" className="manage-card" aria-labelledby="manage-staff-heading">
            {heading('manage-staff', t('manage.staffAccounts'))}
            <StaffList />
            <p>
              <Link to={staffPaths.manageAudit}>{t('activity.link')}</Link>
            </p>
            <p>
              <Link to={staffPaths.manageRetention}>{t('retention.link')}</Link>
            </p>
            <p>
              <Link to={staffPaths.manageDuplicates}>{t('duplicates.link')}</Link>
            </p>
            <p>
              <Link to={staffPaths.manageImport}>{t('import.link')}</Link>
            </p>
            <details className="manage-disclosure">
              <summary>{t('manage.addStaff')}</summary>
              <AddStaffForm key={formKeys.staff} ownAccess={access} onAdded={() => afterCreate('staff', 'manage-staff')} />
            </details>
          </section>

          <section id="manage-logs" className="manage-card" aria-labelledby="manage-logs-heading">
            {heading('manage-logs', t('manage.logFiles'))}
            <p className="manage-card__lead">{t('manage.logsLead')}</p>
            <LogFileList />
          </section>

          <section id="manage-te-reo" className="manage-card" aria-labelledby="manage-te-reo-heading">
            {heading('manage-te-reo', t('manage.teReo'))}
            <p className="manage-card__lead">{t('manage.teReoLead')}</p>
            <p>
              <Link to={staffPaths.manageTeReo}>{t('manage.teReoLink')}</Link>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}

/** Where managers edit each public text in both languages (decision 093). */
function PublicTextLinks() {
  const t = useT();
  const services = useServiceStatuses();
  return (
    <ul className="manage-links">
      {(services.data ?? []).map((service) => (
        <li key={service.key}>
          <Link to={staffPaths.manageServiceTexts(service.key)}>{t('manage.serviceTexts.link', { title: service.title })}</Link>
        </li>
      ))}
      <li>
        <Link to={staffPaths.manageAbout}>{t('manage.about.title')}</Link>
      </li>
      <li>
        <Link to={staffPaths.managePrivacy}>{t('manage.privacy.title')}</Link>
      </li>
    </ul>
  );
}
