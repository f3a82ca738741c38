// Routes of spec §2: the public pages (no sign-in needed), the redirect helper, sign-in and the
// password pages, the app shell at "/" (signed in only), and everything else to /404.
// Sign-in and the redirect helper come with the entry and need nothing from antd, so the first page a
// browser loads stays small (issue 16, scripts/route-sizes.mjs). Every other page is lazy and sits in
// antd's frame (AntdFrame); the shell (our own antd Layout + Menu) is lazy inside it.
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { LoginPage } from '../pages/LoginPage';
import { RedirectPage } from '../pages/RedirectPage';
import { loadAntdStyles } from './antd-styles';
import { routerBasename } from './base-path';
import { RequireSession } from './RequireSession';

export const appRoutes: RouteObject[] = [
  // Sign-in has its own full-page layout (picture area, form, language switcher).
  { path: 'login', element: <LoginPage /> },
  { path: 'redirect/*', element: <RedirectPage /> },
  {
    // antd's build-time styles (app/antd-styles.ts) arrive beside its code, before its first draw.
    lazy: async () => {
      const [frame] = await Promise.all([import('./AntdFrame'), loadAntdStyles()]);
      return { Component: frame.AntdFrame };
    },
    // Shown on a first load of any other page until antd's frame (and then the shell) has arrived.
    HydrateFallback: PageLoading,
    children: [
      {
        lazy: async () => ({ Component: (await import('./PublicLayout')).PublicLayout }),
        children: [
          { path: '404', lazy: async () => ({ Component: (await import('../pages/NotFoundPage')).NotFoundPage }) },
          {
            path: '403',
            lazy: async () => ({ Component: (await import('../pages/ForbiddenPage')).ForbiddenPage }),
          },
          {
            path: '412',
            lazy: async () => ({ Component: (await import('../pages/ClientConflictPage')).ClientConflictPage }),
          },
          { path: 'movetopc', lazy: async () => ({ Component: (await import('../pages/MoveToPcPage')).MoveToPcPage }) },
          { path: 'privacy', lazy: async () => ({ Component: (await import('../pages/PrivacyPage')).PrivacyPage }) },
          {
            path: 'forgot-password',
            lazy: async () => ({ Component: (await import('../pages/ForgotPasswordPage')).ForgotPasswordPage }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({ Component: (await import('../pages/ResetPasswordPage')).ResetPasswordPage }),
          },
          {
            path: 'change-password',
            element: <RequireSession />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../pages/ChangePasswordPage')).ChangePasswordPage,
                }),
              },
            ],
          },
        ],
      },
      {
        path: '/',
        element: <RequireSession />,
        // Shown on a first load at "/" until the lazy shell has arrived.
        HydrateFallback: PageLoading,
        children: [
          {
            lazy: async () => ({ Component: (await import('./AppShell')).AppShell }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import('../pages/HomePage')).HomePage }) },
              {
                path: 'profile',
                lazy: async () => ({ Component: (await import('../pages/ProfilePage')).ProfilePage }),
              },
              // Everyone's own notifications and their settings (no resource needed).
              {
                path: 'notifications',
                lazy: async () => ({ Component: (await import('../notifications/InboxPage')).InboxPage }),
              },
              {
                path: 'notifications/preferences',
                lazy: async () => ({
                  Component: (await import('../notifications/PreferencesPage')).PreferencesPage,
                }),
              },
              // The generic pages every declared model gets (list, new, detail, edit).
              {
                path: 'model/:model',
                lazy: async () => ({ Component: (await import('../pages/model/ModelListPage')).ModelListPage }),
              },
              {
                path: 'model/:model/new',
                lazy: async () => ({ Component: (await import('../pages/model/ModelFormPage')).ModelFormPage }),
              },
              {
                path: 'model/:model/:sid',
                lazy: async () => ({ Component: (await import('../pages/model/ModelDetailPage')).ModelDetailPage }),
              },
              // Every kind's deadlines (resource docket.deadlines; see menu-tree's guard).
              {
                path: 'deadlines',
                lazy: async () => ({
                  Component: (await import('../domains/patents/calendar/AllDeadlinesPage')).AllDeadlinesPage,
                }),
              },
              {
                path: 'patents/calendar',
                lazy: async () => ({
                  Component: (await import('../domains/patents/calendar/DeadlineCalendarPage')).DeadlineCalendarPage,
                }),
              },
              // Spec §2: the batch edit history (resource batch_edit; its state in the query string).
              {
                path: 'batch-edit/history',
                lazy: async () => ({
                  Component: (await import('../models/batch-edit/BatchHistoryPage')).BatchHistoryPage,
                }),
              },
              // Administration (the shell sends users without the page's resource to /403; the server refuses
              // their calls anyway).
              {
                path: 'admin/menus',
                lazy: async () => ({ Component: (await import('../admin/MenusPage')).MenusPage }),
              },
              {
                path: 'admin/resources',
                lazy: async () => ({ Component: (await import('../admin/ResourcesPage')).ResourcesPage }),
              },
              {
                path: 'admin/roles',
                lazy: async () => ({ Component: (await import('../admin/roles/RolesPage')).RolesPage }),
              },
              {
                path: 'admin/org',
                lazy: async () => ({ Component: (await import('../admin/org/OrgPage')).OrgPage }),
              },
              {
                path: 'admin/custom-fields',
                lazy: async () => ({ Component: (await import('../admin/CustomFieldsPage')).CustomFieldsPage }),
              },
              {
                path: 'admin/dictionaries',
                lazy: async () => ({ Component: (await import('../admin/DictionaryPage')).DictionaryPage }),
              },
              {
                path: 'admin/resignation-notice',
                lazy: async () => ({
                  Component: (await import('../admin/ResignationNoticePage')).ResignationNoticePage,
                }),
              },
              {
                path: 'admin/notification-deliveries',
                lazy: async () => ({
                  Component: (await import('../admin/NotificationDeliveriesPage')).NotificationDeliveriesPage,
                }),
              },
              {
                path: 'admin/mail-server',
                lazy: async () => ({ Component: (await import('../admin/MailServerPage')).MailServerPage }),
              },
              {
                path: 'admin/security-policy',
                lazy: async () => ({ Component: (await import('../admin/SecurityPolicyPage')).SecurityPolicyPage }),
              },
              {
                path: 'admin/deadline-reminders',
                lazy: async () => ({
                  Component: (await import('../admin/DeadlineRemindersPage')).DeadlineRemindersPage,
                }),
              },
              // Process definitions and the designer (resource workflow; see menu-tree's guard).
              {
                path: 'workflow/definitions',
                lazy: async () => ({
                  Component: (await import('../domains/workflow/DefinitionsPage')).DefinitionsPage,
                }),
              },
              {
                path: 'workflow/definitions/:key',
                lazy: async () => ({
                  Component: (await import('../domains/workflow/designer/DesignerPage')).DesignerPage,
                }),
              },
              // Everyone's own processes: to-dos, started, handled (no resource needed; see menu-tree's guard).
              {
                path: 'workflow/my',
                element: <Navigate to="/workflow/my/todos" replace />,
              },
              {
                path: 'workflow/my/:list',
                lazy: async () => ({ Component: (await import('../domains/workflow/my/MyWorkPage')).MyWorkPage }),
              },
              {
                path: 'model/:model/:sid/edit',
                lazy: async () => ({ Component: (await import('../pages/model/ModelFormPage')).ModelFormPage }),
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/404" replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes, { basename: routerBasename() });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
