//! Serves the built web app (`WEB_DIST`, `web/dist`): hashed assets under `/assets` cached for a
//! year and compressed, other files of the build as they are, and `index.html` for every other
//! path with a `<head>` rendered on the server for the route: title, description, canonical link
//! and hreflang alternates, so that crawlers and link previews see the page without running it.

mod dynamic;
mod first_screen;
mod initial_data;
mod preload;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::Locale;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::search_cache::{self, AnswerCache, Coding};
use crate::state::AppState;

const PRODUCT: &str = "Vakants";
/// Where the web's `index.html` wants the rendered head (Vite keeps HTML comments).
const HEAD_MARKER: &str = "<!--app-head-->";
/// The app's root element in `index.html`, where a page's first screen goes.
const ROOT: &str = "<div id=\"root\"></div>";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The title and description of a page in et, en and ru.
struct PageHead {
    title: [&'static str; 3],
    description: [&'static str; 3],
    /// Pages that make no sense in a search result (sign-in, personal areas, one-off links).
    indexable: bool,
}

/// The routes the web app has, by path below `/{lang}`; `*` matches one segment. A path of the
/// app that is missing here is answered as not found (the app itself still runs and shows its own
/// screen), so a new screen adds its line here.
const ROUTES: &[(&str, PageHead)] = &[
    ("", PageHead {
        title: ["Tööpakkumised ja töötajad Eestis", "Jobs and candidates in Estonia", "Вакансии и кандидаты в Эстонии"],
        description: [
            "Vakants on Eesti tööportaal: leia tööpakkumisi, koosta CV ja kandideeri; tööandjad avaldavad kuulutusi ja otsivad CV-andmebaasist.",
            "Vakants is the Estonian job board: find vacancies, build a CV and apply; employers publish vacancies and search the CV database.",
            "Vakants — портал вакансий Эстонии: находите вакансии, создавайте резюме и откликайтесь; работодатели публикуют вакансии и ищут в базе резюме.",
        ],
        indexable: true,
    }),
    ("vacancies", PageHead {
        title: ["Tööpakkumised", "Vacancies", "Вакансии"],
        description: [
            "Kõik tööpakkumised Eestis: otsi ameti, asukoha, valdkonna, töö liigi ja palga järgi.",
            "All vacancies in Estonia: search by job title, location, category, type of employment and salary.",
            "Все вакансии в Эстонии: поиск по должности, месту, сфере, типу занятости и зарплате.",
        ],
        indexable: true,
    }),
    ("categories", PageHead {
        title: ["Valdkonnad", "Categories", "Сферы деятельности"],
        description: [
            "Tööpakkumised valdkondade kaupa koos avatud kuulutuste arvuga.",
            "Vacancies by category with the number of open vacancies in each.",
            "Вакансии по сферам деятельности с числом открытых вакансий.",
        ],
        indexable: true,
    }),
    ("companies/*", PageHead {
        title: ["Kõik tööandjad", "All employers", "Все работодатели"],
        description: [
            "Tööandjad Vakantsis ja nende avatud tööpakkumised.",
            "Employers on Vakants and their open vacancies.",
            "Работодатели на Vakants и их открытые вакансии.",
        ],
        indexable: true,
    }),
    ("about-us", PageHead {
        title: ["Meist", "About us", "О нас"],
        description: [
            "Kes me oleme ja kuidas Vakants viib kokku tööotsijad ja tööandjad üle Eesti.",
            "Who we are and how Vakants brings job seekers and employers together across Estonia.",
            "Кто мы и как Vakants объединяет соискателей и работодателей по всей Эстонии.",
        ],
        indexable: true,
    }),
    ("contacts", PageHead {
        title: ["Kontaktid", "Contacts", "Контакты"],
        description: [
            "Vakantsi kontaktandmed: registrikood, KMKR number, pangakonto, klienditoe telefon ja e-post.",
            "Vakants contact details: registry code, VAT number, bank account, support phone and e-mail.",
            "Контакты Vakants: регистрационный код, номер KMKR, банковский счёт, телефон поддержки и e-mail.",
        ],
        indexable: true,
    }),
    ("prices-and-services", PageHead {
        title: ["Hinnad ja teenused", "Prices and services", "Цены и услуги"],
        description: [
            "Töökuulutuste, brändimise, PRO staatuse ja CV-andmebaasi hinnad tööandjatele.",
            "Prices for vacancies, branding, PRO status and CV database access for employers.",
            "Цены на вакансии, брендирование, статус PRO и доступ к базе резюме для работодателей.",
        ],
        indexable: true,
    }),
    ("partnership-tootukassa", PageHead {
        title: ["Koostöö Töötukassaga", "Partnership with Töötukassa", "Сотрудничество с Töötukassa"],
        description: [
            "Vakants ja Eesti Töötukassa: kuidas koostöö aitab tööotsijatel ja tööandjatel.",
            "Vakants and the Estonian Unemployment Insurance Fund: how the partnership helps job seekers and employers.",
            "Vakants и Кассa по безработице Эстонии: как сотрудничество помогает соискателям и работодателям.",
        ],
        indexable: true,
    }),
    ("faq-employers", PageHead {
        title: ["KKK tööandjatele", "FAQ for employers", "Вопросы и ответы для работодателей"],
        description: [
            "Korduma kippuvad küsimused kuulutuste, CV-andmebaasi, arvete ja kasutajate kohta.",
            "Frequently asked questions about vacancies, the CV database, invoices and company users.",
            "Частые вопросы о вакансиях, базе резюме, счетах и пользователях компании.",
        ],
        indexable: true,
    }),
    ("faq-applicants", PageHead {
        title: ["KKK tööotsijatele", "FAQ for job seekers", "Вопросы и ответы для соискателей"],
        description: [
            "Korduma kippuvad küsimused CV, kandideerimise, vestluste ja konto kohta.",
            "Frequently asked questions about CVs, applying, interviews and your account.",
            "Частые вопросы о резюме, откликах, собеседованиях и учётной записи.",
        ],
        indexable: true,
    }),
    ("notifications/unsubscribe/*/*", PageHead {
        title: ["Teavitustest loobumine", "Unsubscribe", "Отписка от рассылки"],
        description: [
            "Loobu Vakantsi e-kirjadest.",
            "Stop receiving e-mails from Vakants.",
            "Отказ от писем Vakants.",
        ],
        indexable: false,
    }),
    ("login", PageHead {
        title: ["Sisene", "Sign in", "Вход"],
        description: [
            "Sisene Vakantsi ühekordse koodiga, mis saadetakse sinu e-postile.",
            "Sign in to Vakants with a one-time code sent to your e-mail.",
            "Войдите в Vakants с одноразовым кодом, отправленным на ваш e-mail.",
        ],
        indexable: false,
    }),
    ("logout", PageHead {
        title: ["Väljumine", "Signing out", "Выход"],
        description: ["Väljumine Vakantsist.", "Signing out of Vakants.", "Выход из Vakants."],
        indexable: false,
    }),
    ("403", PageHead {
        title: ["Juurdepääs keelatud", "Access denied", "Доступ запрещён"],
        description: [
            "Sul puuduvad selle lehe vaatamiseks õigused.",
            "You do not have the permissions to see this page.",
            "У вас нет прав для просмотра этой страницы.",
        ],
        indexable: false,
    }),
    ("account/profile", PageHead {
        title: ["Minu profiil", "My profile", "Мой профиль"],
        description: ["Sinu Vakantsi profiil.", "Your Vakants profile.", "Ваш профиль Vakants."],
        indexable: false,
    }),
    ("account/my-cv", PageHead {
        title: ["Minu CV-d", "My CVs", "Мои резюме"],
        description: ["Sinu CV-d ja nende nähtavus CV-andmebaasis.", "Your CVs and their visibility in the CV database.", "Ваши резюме и их видимость в базе резюме."],
        indexable: false,
    }),
    ("account/create-cv", PageHead {
        title: ["Loo CV", "Create a CV", "Создать резюме"],
        description: ["Koosta CV kuues sammus.", "Build your CV in six steps.", "Составьте резюме за шесть шагов."],
        indexable: false,
    }),
    ("admin/companies", PageHead {
        title: ["Ettevõtted", "Companies", "Компании"],
        description: ["Registreeritud ettevõtted administraatoritele.", "Registered companies, for administrators.", "Зарегистрированные компании для администраторов."],
        indexable: false,
    }),
    ("admin", PageHead {
        title: ["Ülevaade", "Dashboard", "Обзор"],
        description: ["Vakantsi näitajad administraatoritele.", "Vakants in figures, for administrators.", "Показатели Vakants для администраторов."],
        indexable: false,
    }),
    ("admin/companies/*/*", PageHead {
        title: ["Ettevõte", "Company", "Компания"],
        description: ["Ettevõtte andmed, töötajad, hinnad ja märkmed administraatoritele.", "A company's details, staff, prices and notes, for administrators.", "Данные компании, сотрудники, цены и заметки для администраторов."],
        indexable: false,
    }),
    ("admin/profile", PageHead {
        title: ["Minu profiil", "My profile", "Мой профиль"],
        description: ["Administraatori profiil.", "The administrator's profile.", "Профиль администратора."],
        indexable: false,
    }),
    ("admin/invoices", PageHead {
        title: ["Arved", "Invoices", "Счета"],
        description: ["Kõik arved, nende tasumine ja pangaväljavõtted.", "Every invoice, its payment and the bank statements.", "Все счета, их оплата и банковские выписки."],
        indexable: false,
    }),
    ("admin/prices", PageHead {
        title: ["Hinnad", "Prices", "Цены"],
        description: ["Toodete ja teenuste hinnakiri.", "The price list of products and services.", "Прейскурант продуктов и услуг."],
        indexable: false,
    }),
    ("admin/employers", PageHead {
        title: ["Tööandjad", "Employers", "Работодатели"],
        description: ["Tööandjate kontod administraatoritele.", "Employers' accounts, for administrators.", "Учётные записи работодателей для администраторов."],
        indexable: false,
    }),
    ("admin/applicants", PageHead {
        title: ["Tööotsijad", "Applicants", "Соискатели"],
        description: ["Tööotsijate kontod administraatoritele.", "Applicants' accounts, for administrators.", "Учётные записи соискателей для администраторов."],
        indexable: false,
    }),
    ("admin/audit", PageHead {
        title: ["Auditilogi", "Audit log", "Журнал аудита"],
        description: ["Administraatorite tegevused.", "What administrators did.", "Действия администраторов."],
        indexable: false,
    }),
    ("admin/administrators", PageHead {
        title: ["Administraatorid", "Administrators", "Администраторы"],
        description: ["Vakantsi administraatorid.", "The administrators of Vakants.", "Администраторы Vakants."],
        indexable: false,
    }),
    ("samples", PageHead {
        title: ["Näidised", "Samples", "Образцы"],
        description: ["Rakenduse ühised komponendid.", "The app's shared components.", "Общие компоненты приложения."],
        indexable: false,
    }),
    ("invitations", PageHead {
        title: ["Kutsed töötajaks", "Staff invitations", "Приглашения в сотрудники"],
        description: ["Ettevõtete kutsed sinu kontole.", "Companies' invitations to your account.", "Приглашения компаний на вашу учётную запись."],
        indexable: false,
    }),
    ("account/my-applications", PageHead {
        title: ["Minu kandideerimised", "My applications", "Мои отклики"],
        description: ["Sinu kandideerimised ja tööandjate otsused.", "Your applications and the employers' decisions.", "Ваши отклики и решения работодателей."],
        indexable: false,
    }),
    ("account/my-applications/*", PageHead {
        title: ["Minu kandideerimine", "My application", "Мой отклик"],
        description: ["Sinu kandideerimine ja vestlus tööandjaga.", "Your application and the chat with the employer.", "Ваш отклик и чат с работодателем."],
        indexable: false,
    }),
    ("account/my-interviews", PageHead {
        title: ["Minu intervjuud", "My interviews", "Мои собеседования"],
        description: ["Sinu tööintervjuud, kutsed ja nende ajad.", "Your job interviews, invitations and their times.", "Ваши собеседования, приглашения и их время."],
        indexable: false,
    }),
    ("employer/account/my-interviews", PageHead {
        title: ["Intervjuud", "Interviews", "Собеседования"],
        description: ["Ettevõtte tööintervjuud: kutsed, muudatused, tühistamised ja kokkuvõtted.", "The company's job interviews: invitations, changes, cancellations and conclusions.", "Собеседования компании: приглашения, изменения, отмены и итоги."],
        indexable: false,
    }),
    ("employer/account/my-calendar", PageHead {
        title: ["Kalender ja tööaeg", "Calendar and working hours", "Календарь и рабочее время"],
        description: ["Intervjuud, pakutud ajad, oma sündmused ning ettevõtte ja sinu tööaeg.", "Interviews, offered times, own events and the company's and your working hours.", "Собеседования, предложенное время, свои события и рабочее время."],
        indexable: false,
    }),
    ("account/messages", PageHead {
        title: ["Sõnumid", "Messages", "Сообщения"],
        description: ["Sinu vestlused tööandjatega.", "Your chats with employers.", "Ваши чаты с работодателями."],
        indexable: false,
    }),
    ("account/calendar", PageHead {
        title: ["Kalender", "Calendar", "Календарь"],
        description: ["Sinu sündmused ja intervjuud kuu või nädala kaupa.", "Your events and interviews by month or week.", "Ваши события и собеседования по месяцам и неделям."],
        indexable: false,
    }),
    ("account/my-data", PageHead {
        title: ["Minu andmed", "My data", "Мои данные"],
        description: ["Laadi alla kõik oma andmed või kustuta konto.", "Download all your data or delete your account.", "Скачайте все свои данные или удалите учётную запись."],
        indexable: false,
    }),
    ("account/my-favourites", PageHead {
        title: ["Minu lemmikud", "My favourites", "Избранное"],
        description: ["Tööpakkumised, mille oled salvestanud.", "The vacancies you have saved.", "Сохранённые вами вакансии."],
        indexable: false,
    }),
    ("account/my-alerts", PageHead {
        title: ["Minu tööpakkumiste teavitused", "My job alerts", "Мои уведомления о вакансиях"],
        description: ["Sinu salvestatud otsingud ja nende uued tööpakkumised.", "Your saved searches and their new vacancies.", "Ваши сохранённые поиски и их новые вакансии."],
        indexable: false,
    }),
    ("alerts/confirm/*", PageHead {
        title: ["Tööpakkumiste teavitus", "Job alert", "Уведомление о вакансиях"],
        description: ["Kinnita tööpakkumiste teavitus.", "Confirm your job alert.", "Подтвердите уведомление о вакансиях."],
        indexable: false,
    }),
    ("alerts/manage/*", PageHead {
        title: ["Sinu tööpakkumiste teavitused", "Your job alerts", "Ваши уведомления о вакансиях"],
        description: ["Halda oma tööpakkumiste teavitusi.", "Manage your job alerts.", "Управляйте уведомлениями о вакансиях."],
        indexable: false,
    }),
    ("alerts/unsubscribe/*", PageHead {
        title: ["Loobu teavitustest", "Unsubscribe", "Отписаться"],
        description: ["Lõpeta tööpakkumiste teavituste kirjad.", "Stop the e-mails of your job alerts.", "Прекратите письма уведомлений о вакансиях."],
        indexable: false,
    }),
    ("account/vacancies/*/apply", PageHead {
        title: ["Kandideeri", "Apply", "Откликнуться"],
        description: ["Kandideeri tööpakkumisele.", "Apply for a vacancy.", "Отклик на вакансию."],
        indexable: false,
    }),
    ("application/*", PageHead {
        title: ["Kandideerimine", "Application", "Отклик"],
        description: ["Sinu kandideerimine.", "Your application.", "Ваш отклик."],
        indexable: false,
    }),
    ("employer/account/my-company", PageHead {
        title: ["Minu ettevõte", "My company", "Моя компания"],
        description: ["Ettevõte, mille nimel tegutsed.", "The company you act for.", "Компания, от имени которой вы действуете."],
        indexable: false,
    }),
    ("employer/account/my-vacancies", PageHead {
        title: ["Minu töökuulutused", "My vacancies", "Мои вакансии"],
        description: ["Ettevõtte töökuulutused olekute kaupa.", "The company's vacancies by state.", "Вакансии компании по состояниям."],
        indexable: false,
    }),
    ("employer/account/messages", PageHead {
        title: ["Sõnumid", "Messages", "Сообщения"],
        description: ["Ettevõtte vestlused kandidaatidega.", "The company's chats with candidates.", "Чаты компании с кандидатами."],
        indexable: false,
    }),
    ("employer/account/cv-base", PageHead {
        title: ["CV andmebaas", "CV database", "База резюме"],
        description: ["Tööotsijate CV-de otsing ja salvestatud CV-d.", "Search job seekers' CVs and the CVs you saved.", "Поиск резюме соискателей и сохранённые резюме."],
        indexable: false,
    }),
    ("employer/account/cv-base/cv/*", PageHead {
        title: ["CV", "CV", "Резюме"],
        description: ["CV andmebaasi CV, selle kontaktid ja failid.", "A CV of the CV database, its contact details and files.", "Резюме из базы, его контакты и файлы."],
        indexable: false,
    }),
    ("employer/account/cv-base/saved", PageHead {
        title: ["Salvestatud CV-d", "Saved CVs", "Сохранённые резюме"],
        description: ["CV andmebaasist salvestatud CV-d.", "The CVs saved from the CV database.", "Резюме, сохранённые из базы резюме."],
        indexable: false,
    }),
    ("employer/account/my-invoices", PageHead {
        title: ["Minu arved", "My invoices", "Мои счета"],
        description: ["Ettevõtte arved, nende tasumine ja dokumendid.", "The company's invoices, paying them and their documents.", "Счета компании, их оплата и документы."],
        indexable: false,
    }),
    ("employer/account/my-services", PageHead {
        title: ["Minu teenused", "My services", "Мои услуги"],
        description: ["Ettevõtte ostetud teenused ja nende kehtivus.", "The services the company bought and how long they run.", "Купленные компанией услуги и сроки их действия."],
        indexable: false,
    }),
    ("employer/account/payment/*", PageHead {
        title: ["Makse", "Payment", "Платёж"],
        description: ["Sinu makse olek.", "The state of your payment.", "Состояние вашего платежа."],
        indexable: false,
    }),
    ("account/my-services", PageHead {
        title: ["Minu teenused", "My services", "Мои услуги"],
        description: ["Sinu ostetud teenused ja nende kehtivus.", "The services you bought and how long they run.", "Купленные вами услуги и сроки их действия."],
        indexable: false,
    }),
    ("account/payment/*", PageHead {
        title: ["Makse", "Payment", "Платёж"],
        description: ["Sinu makse olek.", "The state of your payment.", "Состояние вашего платежа."],
        indexable: false,
    }),
    ("employer/account/my-vacancies/create-vacancy", PageHead {
        title: ["Uus töökuulutus", "New vacancy", "Новая вакансия"],
        description: ["Koosta töökuulutus viies sammus ja avalda see.", "Write a vacancy in five steps and publish it.", "Составьте вакансию за пять шагов и опубликуйте её."],
        indexable: false,
    }),
    ("employer/account/my-vacancies/*/edit", PageHead {
        title: ["Töökuulutuse muutmine", "Edit the vacancy", "Редактирование вакансии"],
        description: ["Muuda töökuulutust ja avalda see.", "Edit the vacancy and publish it.", "Измените вакансию и опубликуйте её."],
        indexable: false,
    }),
    ("employer/account/my-vacancies/*/candidates", PageHead {
        title: ["Kandidaadid", "Candidates", "Кандидаты"],
        description: ["Töökuulutusele kandideerinud, nende hinnangud ja märkmed.", "The candidates of a vacancy, their ratings and notes.", "Кандидаты на вакансию, их оценки и заметки."],
        indexable: false,
    }),
    ("employer/account/my-vacancies/*/candidates/*", PageHead {
        title: ["Kandidaat", "Candidate", "Кандидат"],
        description: ["Kandideerimine, CV, vastused ja märkmed.", "The application, CV, answers and notes.", "Отклик, резюме, ответы и заметки."],
        indexable: false,
    }),
    ("employer/account/my-vacancies/*/preview", PageHead {
        title: ["Töökuulutuse eelvaade", "Vacancy preview", "Предпросмотр вакансии"],
        description: ["Nii näevad tööotsijad sinu töökuulutust.", "How job seekers will see your vacancy.", "Так соискатели увидят вашу вакансию."],
        indexable: false,
    }),
    ("employer/account/premium-services", PageHead {
        title: ["Lisateenused", "Premium services", "Премиум-услуги"],
        description: ["Ettevõtte hinnad, kehtivad teenused ja lisateenuste ostmine.", "Your company's prices, its running services and buying more.", "Цены компании, действующие услуги и покупка новых."],
        indexable: false,
    }),
    ("employer/account/courses", PageHead {
        title: ["Koolitused", "Courses", "Курсы"],
        description: ["Koolitused tööandjatele ja nende töötajatele.", "Courses for employers and their staff.", "Курсы для работодателей и их сотрудников."],
        indexable: false,
    }),
    ("employer/account/outsource", PageHead {
        title: ["Allhanketurg", "Outsource market", "Рынок аутсорсинга"],
        description: ["Teenused, mida ettevõte saab partnerile üle anda.", "Services a company can hand over to a partner.", "Услуги, которые компания может передать партнёру."],
        indexable: false,
    }),
    ("admin/market", PageHead {
        title: ["Koolitused ja allhange", "Courses and outsourcing", "Курсы и аутсорсинг"],
        description: ["Koolituste ja allhankepakkumiste haldus.", "Managing courses and outsourcing offers.", "Управление курсами и предложениями аутсорсинга."],
        indexable: false,
    }),
    ("admin/moderation", PageHead {
        title: ["Modereerimine", "Moderation", "Модерация"],
        description: ["Ülevaatust ootavad ja teatatud kuulutused.", "Ads waiting for review and reported ads.", "Объявления, ожидающие проверки, и объявления с жалобами."],
        indexable: false,
    }),
    ("admin/moderation/vacancies/*", PageHead {
        title: ["Modereeritav kuulutus", "Ad in moderation", "Объявление на модерации"],
        description: ["Kuulutus, selle teated, ettevõtte ajalugu ja signaalid.", "An ad, its reports, its company's history and its signals.", "Объявление, жалобы на него, история компании и сигналы."],
        indexable: false,
    }),
    ("my-reports", PageHead {
        title: ["Minu teated", "My reports", "Мои жалобы"],
        description: ["Kuulutused, millest oled teatanud, ja otsused.", "The ads you reported and what was decided.", "Объявления, на которые вы пожаловались, и решения."],
        indexable: false,
    }),
    ("account/notifications", PageHead {
        title: ["Teavitused", "Notifications", "Уведомления"],
        description: ["Sinu uued kandideerimised, sõnumid, intervjuud, arved ja teavitused.", "Your new applications, messages, interviews, invoices and alerts.", "Ваши новые отклики, сообщения, собеседования, счета и уведомления."],
        indexable: false,
    }),
    ("account/my-invoices", PageHead {
        title: ["Minu arved", "My invoices", "Мои счета"],
        description: ["Sinu arved, nende tasumine ja dokumendid.", "Your invoices, paying them and their documents.", "Ваши счета, их оплата и документы."],
        indexable: false,
    }),
    ("employer/account/profile", PageHead {
        title: ["Minu profiil", "My profile", "Мой профиль"],
        description: ["Sinu nimi, telefon, keel ja e-kirjade eelistused.", "Your name, phone, language and mail preferences.", "Ваше имя, телефон, язык и настройки писем."],
        indexable: false,
    }),
    ("employer/account/my-data", PageHead {
        title: ["Minu andmed", "My data", "Мои данные"],
        description: ["Laadi alla kõik oma andmed või kustuta konto.", "Download all your data or delete your account.", "Скачайте все свои данные или удалите учётную запись."],
        indexable: false,
    }),
    ("admin/my-data", PageHead {
        title: ["Minu andmed", "My data", "Мои данные"],
        description: ["Laadi alla kõik oma andmed või kustuta konto.", "Download all your data or delete your account.", "Скачайте все свои данные или удалите учётную запись."],
        indexable: false,
    }),
];

const NOT_FOUND: PageHead = PageHead {
    title: ["Lehte ei leitud", "Page not found", "Страница не найдена"],
    description: [
        "Otsitud lehte ei ole olemas.",
        "The page you were looking for does not exist.",
        "Запрошенной страницы не существует.",
    ],
    indexable: false,
};

/// The not-found head's content in `locale`.
pub fn not_found_content(locale: Locale) -> HeadContent {
    let i = index(locale);
    HeadContent {
        title: NOT_FOUND.title[i].to_string(),
        description: NOT_FOUND.description[i].to_string(),
        indexable: false,
        image: None,
        json_ld: None,
    }
}

fn index(locale: Locale) -> usize {
    match locale {
        Locale::Et => 0,
        Locale::En => 1,
        Locale::Ru => 2,
    }
}

/// Splits `/{lang}/rest` into the language and the path below it (no slashes at either end).
fn split_language(path: &str) -> Option<(Locale, &str)> {
    let trimmed = path.trim_start_matches('/');
    let (first, rest) = trimmed.split_once('/').unwrap_or((trimmed, ""));
    let locale = Locale::from_path_segment(first)?;
    Some((locale, rest.trim_end_matches('/')))
}

fn matches(pattern: &str, rest: &str) -> bool {
    if pattern.is_empty() || rest.is_empty() {
        return pattern == rest;
    }
    let (mut wanted, mut given) = (pattern.split('/'), rest.split('/'));
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return true,
            (Some("*"), Some(segment)) if !segment.is_empty() => {}
            (Some(a), Some(b)) if a == b => {}
            _ => return false,
        }
    }
}

fn find_route(rest: &str) -> Option<&'static PageHead> {
    ROUTES.iter().find(|(pattern, _)| matches(pattern, rest)).map(|(_, head)| head)
}

/// The route-table pattern of a page's path (`/{lang}/notifications/unsubscribe/*/*`), for the logs,
/// which must not carry what a path holds (tokens, e-mail addresses); `None` for any other path.
pub fn page_pattern(path: &str) -> Option<String> {
    let (_, rest) = split_language(path)?;
    let (pattern, _) = ROUTES.iter().find(|(pattern, _)| matches(pattern, rest))?;
    Some(if pattern.is_empty() { "/{lang}/".to_string() } else { format!("/{{lang}}/{pattern}") })
}

/// JSON to put inside an HTML `<script>` element (JSON-LD, a page's data): `<`, `>` and `&` are
/// written as `\u003c`, `\u003e`, `\u0026`, so no text of the data can end the element (`</script>`)
/// or open a comment (`<!--`) that changes how the HTML parser reads it, and U+2028/U+2029 as
/// escapes too (JavaScript before ES2019 read them as line ends). Every one of these characters
/// can only be inside a JSON string, where the escape means the same character.
pub fn json_for_html(value: &impl serde::Serialize) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A page's rendered `<head>` part and the status it is answered with.
#[derive(Debug, PartialEq)]
pub struct RenderedHead {
    pub status: StatusCode,
    pub locale: Locale,
    pub html: String,
}

/// What one page's head says, whether it comes from the route table or from the database.
pub struct HeadContent {
    pub title: String,
    pub description: String,
    pub indexable: bool,
    /// An absolute image URL for link previews.
    pub image: Option<String>,
    /// schema.org structured data (a JSON object), written as JSON-LD.
    pub json_ld: Option<serde_json::Value>,
}

/// The head for `path` (a request path, no query) with links built on `origin` (`https://host`).
/// A path without a language prefix gets the et head of the same route: the app moves the user
/// to the stored or default language, and the canonical link already points there.
pub fn render_head(path: &str, origin: &str) -> RenderedHead {
    let (locale, rest) = split_language(path).unwrap_or((Locale::default(), path.trim_matches('/')));
    let (status, head) = match find_route(rest) {
        Some(head) => (StatusCode::OK, head),
        None => (StatusCode::NOT_FOUND, &NOT_FOUND),
    };
    let i = index(locale);
    let content = HeadContent {
        title: head.title[i].to_string(),
        description: head.description[i].to_string(),
        indexable: head.indexable,
        image: None,
        json_ld: None,
    };
    render(locale, rest, origin, status, &content)
}

/// Renders a head: title, description, preview tags, canonical and alternates (for a found page),
/// robots, structured data.
pub fn render(locale: Locale, rest: &str, origin: &str, status: StatusCode, head: &HeadContent) -> RenderedHead {
    let page_url = |lang: &str| if rest.is_empty() { format!("{origin}/{lang}/") } else { format!("{origin}/{lang}/{rest}") };
    let mut html = String::new();
    html.push_str(&format!("<title>{} | {PRODUCT}</title>\n", escape(&head.title)));
    html.push_str(&format!("    <meta name=\"description\" content=\"{}\" />\n", escape(&head.description)));
    html.push_str(&format!("    <meta property=\"og:title\" content=\"{} | {PRODUCT}\" />\n", escape(&head.title)));
    html.push_str(&format!("    <meta property=\"og:description\" content=\"{}\" />\n", escape(&head.description)));
    if let Some(image) = &head.image {
        html.push_str(&format!("    <meta property=\"og:image\" content=\"{}\" />\n", escape(image)));
    }
    if status == StatusCode::OK {
        let canonical = escape(&page_url(locale.code()));
        html.push_str(&format!("    <link rel=\"canonical\" href=\"{canonical}\" />\n"));
        html.push_str(&format!("    <meta property=\"og:url\" content=\"{canonical}\" />\n"));
        for alternate in Locale::ALL {
            let href = escape(&page_url(alternate.code()));
            html.push_str(&format!("    <link rel=\"alternate\" hreflang=\"{}\" href=\"{href}\" />\n", alternate.code()));
        }
        let default = escape(&page_url(Locale::default().code()));
        html.push_str(&format!("    <link rel=\"alternate\" hreflang=\"x-default\" href=\"{default}\" />\n"));
    }
    if !head.indexable || status != StatusCode::OK {
        html.push_str("    <meta name=\"robots\" content=\"noindex\" />\n");
    }
    if let Some(data) = &head.json_ld {
        let json = json_for_html(data);
        html.push_str(&format!("    <script type=\"application/ld+json\">{json}</script>\n"));
    }
    html.push_str(&format!("    <meta name=\"vakants-build\" content=\"{}\" />", escape(crate::BUILD_VERSION)));
    RenderedHead { status, locale, html }
}

/// `index.html` with the rendered head in place of the marker and the page's language on `<html>`.
pub fn render_index(template: &str, head: &RenderedHead) -> String {
    let lang = head.locale.code();
    template
        .replacen(HEAD_MARKER, &head.html, 1)
        .replacen("<html lang=\"et\">", &format!("<html lang=\"{lang}\">"), 1)
}

#[derive(Clone)]
struct WebState {
    dist: PathBuf,
    app: AppState,
    /// The API as the browser sees it, for the answers a page carries (initial_data.rs).
    api: Router,
    /// `index.html` and the build's manifest, read again only when `index.html` changes.
    shell: Arc<Mutex<Option<Arc<Shell>>>>,
    /// Visitors' vacancy pages as painted (see [`PAGE_MAX_AGE`]).
    pages: AnswerCache<KeptPage>,
}

/// The build's files every page is made from.
struct Shell {
    modified: Option<SystemTime>,
    template: String,
    manifest: String,
}

impl WebState {
    /// The build's `index.html` and manifest; `None` when the web app is not built.
    async fn shell(&self) -> Option<Arc<Shell>> {
        let index = self.dist.join("index.html");
        // a stat per page, not two reads: the files change only when the app is built again
        let modified = std::fs::metadata(&index).ok()?.modified().ok();
        if let Some(shell) = self.shell.lock().unwrap_or_else(|p| p.into_inner()).as_ref().filter(|s| modified.is_some() && s.modified == modified) {
            return Some(shell.clone());
        }
        let template = tokio::fs::read_to_string(&index).await.ok()?;
        let manifest = tokio::fs::read_to_string(self.dist.join(".vite/manifest.json")).await.unwrap_or_default();
        let shell = Arc::new(Shell { modified, template, manifest });
        *self.shell.lock().unwrap_or_else(|p| p.into_inner()) = Some(shell.clone());
        Some(shell)
    }
}

/// Vacancy pages kept for visitors (a few tens of KB each, with their compressed forms).
const PAGE_CAPACITY: usize = 1024;
/// How long a visitor's vacancy page is kept at most. Besides the index version (every change of
/// a vacancy, its company or its branding goes through the index pipeline, and its commit changes
/// the version) and the vacancy's end, the page shows its view count, which changes without a
/// commit: it is this much behind at most.
const PAGE_MAX_AGE: chrono::Duration = chrono::Duration::seconds(10);
/// Tells whether a page was answered from the kept pages (`hit`), or painted and kept (`miss`).
pub const PAGE_CACHE_HEADER: &str = "x-page-cache";

/// A visitor's vacancy page as painted, with its status and policy.
struct KeptPage {
    status: StatusCode,
    policy: Option<HeaderValue>,
    body: search_cache::Answer,
}

/// The key of a visitor's vacancy page (`/{lang}/vacancies/{id}`): the same for every visitor,
/// and the address's query plays no part in it.
fn kept_page_key(path: &str) -> Option<String> {
    let (locale, rest) = split_language(path)?;
    let id = rest.strip_prefix("vacancies/")?;
    id.parse::<uuid::Uuid>().ok()?;
    Some(format!("{}/{rest}", locale.code()))
}

fn html_response(status: StatusCode, body: axum::body::Bytes, policy: Option<HeaderValue>) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    if let Some(policy) = policy {
        headers.insert(CONTENT_SECURITY_POLICY, policy);
    }
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// A painted page in the coding the client accepts (compressed once per page: the compression
/// layer leaves an answer with a `Content-Encoding` alone), with its cache header when it was kept.
fn kept_page(page: &KeptPage, coding: Option<Coding>, cache: Option<&'static str>) -> Response {
    let (body, coding) = page.body.for_client(coding);
    let mut response = html_response(page.status, body, page.policy.clone());
    search_cache::mark_encoded(response.headers_mut(), coding);
    if let Some(cache) = cache {
        response.headers_mut().insert(PAGE_CACHE_HEADER, HeaderValue::from_static(cache));
    }
    response
}

/// A page as painted, and until when it may be kept for visitors (`None`: not at all).
struct Painted {
    page: KeptPage,
    keep_until: Option<DateTime<Utc>>,
}

async fn page(State(state): State<WebState>, request: Request) -> Response {
    let path = request.uri().path();
    let query = request.uri().query().unwrap_or("");
    let guest = initial_data::is_guest(request.headers());
    let coding = Coding::accepted(request.headers().get(ACCEPT_ENCODING).and_then(|v| v.to_str().ok()));
    // read before painting: a page is kept under a version no newer than what it saw
    let kept = if guest { kept_page_key(path).and_then(|key| Some((state.app.search.vacancy_version()?, key))) } else { None };
    let now = Utc::now();
    let Some((version, key)) = kept else {
        return match paint(&state, path, query, guest, now).await {
            Ok(painted) => html_response(painted.page.status, painted.page.body.body.clone(), painted.page.policy),
            Err(refusal) => refusal,
        };
    };
    // a visitor's vacancy page: kept, or painted once for every visitor asking for it meanwhile
    // (right after a commit, all of a popular page's visitors miss at once)
    let outcome = state
        .pages
        .get_or_compute(key, version, now, || async {
            let painted = paint(&state, path, query, guest, now).await?;
            Ok::<_, Response>((Arc::new(painted.page), painted.keep_until))
        })
        .await;
    match outcome {
        Ok((page, source)) => kept_page(&page, coding, source.header()),
        Err(refusal) => refusal,
    }
}

/// Paints a page: its head from the database, and for a visitor its first screen and the answers
/// it starts from. `Err` is the answer when the web app is not built.
async fn paint(state: &WebState, path: &str, query: &str, guest: bool, now: DateTime<Utc>) -> Result<Painted, Response> {
    let Some(shell) = state.shell().await else {
        return Err((StatusCode::NOT_FOUND, "the web app is not built: run `npm run build` in web/").into_response());
    };
    let origin = crate::seo::origin(&state.app);
    let mut head = match split_language(path) {
        Some((locale, rest)) => match dynamic::head(&state.app, locale, rest, &origin).await {
            Ok(Some((status, content))) => render(locale, rest, &origin, status, &content),
            Ok(None) => render_head(path, &origin),
            Err(err) => {
                let page = page_pattern(path).unwrap_or_else(|| "web".to_string());
                tracing::warn!(error = %err, page, "page head from the database failed; the generic head is served");
                render_head(path, &origin)
            }
        },
        None => render_head(path, &origin),
    };
    // the first screen and its preloads, for pages that exist
    let mut first = None;
    // the painted vacancy's end, when the page shows one
    let mut vacancy_until: Option<Option<DateTime<Utc>>> = None;
    if let Some((locale, rest)) = split_language(path).filter(|_| head.status == StatusCode::OK) {
        head.html.push_str(&preload::links(&shell.manifest, locale, rest));
        if guest {
            let data = initial_data::for_page(&state.api, locale, rest, query).await;
            head.html.push_str(&data.links);
            head.html.push_str(&data.script);
            let search = data.search.as_ref().map(|(filter, answer)| (filter, answer));
            first = first_screen::render(locale, rest, search, data.vacancy.as_ref(), data.branding.as_ref());
            vacancy_until = data.vacancy.as_ref().map(|v| v.get("validUntil").and_then(|u| serde_json::from_value(u.clone()).ok()));
        }
    }
    let mut body = render_index(&shell.template, &head);
    let painted = first.is_some();
    if let Some(first) = first {
        body = body.replacen("</head>", &format!("  {}\n  </head>", first_screen::STYLE), 1).replacen(ROOT, &format!("<div id=\"root\">{first}</div>"), 1);
        body = first_screen::start_after_paint(&body);
    }
    // the policy allows exactly the inline scripts this page carries (security_headers.rs)
    let policy = HeaderValue::from_str(&crate::security_headers::page_policy(&body)).ok();
    // only a painted vacancy is kept: never past its end, and never long (its view count changes
    // without a commit)
    let keep_until = match vacancy_until {
        Some(valid_until) if head.status == StatusCode::OK && painted => {
            Some(valid_until.map_or(now + PAGE_MAX_AGE, |end| end.min(now + PAGE_MAX_AGE)))
        }
        _ => None,
    };
    Ok(Painted { page: KeptPage { status: head.status, policy, body: search_cache::Answer::new(body.into()) }, keep_until })
}

/// The web app's service, for the app router's fallback.
pub fn router(app: &AppState) -> Router {
    let dist = app.config.web_dist.as_path();
    let (api, doc) = crate::api_router(app.config.is_dev());
    let api = api
        .layer(axum::middleware::from_fn_with_state(std::sync::Arc::new(crate::api_keys::scope(&doc)), crate::area_guard))
        .layer(axum::middleware::from_fn_with_state(app.clone(), crate::session::middleware))
        .with_state(app.clone());
    let state = WebState {
        dist: dist.to_path_buf(),
        app: app.clone(),
        api,
        shell: Arc::default(),
        pages: AnswerCache::new(PAGE_CAPACITY),
    };
    // the build writes every text file also brotli- and gzip-compressed (web/vite.config.ts):
    // ServeDir sends the one the client accepts as it is, and the compression layer leaves an
    // answer that has its encoding alone
    let assets = Router::new()
        .fallback_service(ServeDir::new(dist.join("assets")).precompressed_br().precompressed_gzip())
        .layer(SetResponseHeaderLayer::if_not_present(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE)));
    let pages = axum::routing::get(page).with_state(state.clone());
    // files at the top of the build (documents, icons) by name; everything else is a page
    let files = ServeDir::new(dist).precompressed_br().precompressed_gzip().append_index_html_on_directories(false).fallback(pages.clone());
    // a path under a language names no file of the build: it goes to its page at once, not through
    // ServeDir's three looks at the disk first (the file, its .br and its .gz, each on tokio's
    // blocking pool), which cost the vacancy page a third of its throughput
    // (bench/results/2026-12-03-http-before-after.md)
    let mut router = Router::new().nest_service("/assets", assets);
    for locale in Locale::ALL {
        let language = locale.code();
        router = router
            .route(&format!("/{language}"), pages.clone())
            .route(&format!("/{language}/"), pages.clone())
            .route(&format!("/{language}/{{*rest}}"), pages.clone());
    }
    router.fallback_service(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIGIN: &str = "https://vakants.ee";

    #[test]
    fn a_page_path_is_logged_as_its_pattern() {
        assert_eq!(page_pattern("/en/notifications/unsubscribe/mari@example.ee/s3cret").as_deref(), Some("/{lang}/notifications/unsubscribe/*/*"));
        assert_eq!(page_pattern("/et/login").as_deref(), Some("/{lang}/login"));
        assert_eq!(page_pattern("/ru/").as_deref(), Some("/{lang}/"));
        assert_eq!(page_pattern("/et/vacancies/123"), None);
        assert_eq!(page_pattern("/favicon.ico"), None);
    }

    #[test]
    fn only_a_vacancy_page_of_a_language_is_kept_and_its_key_leaves_out_the_slash_and_query() {
        let id = uuid::Uuid::new_v4();
        assert_eq!(kept_page_key(&format!("/en/vacancies/{id}")), Some(format!("en/vacancies/{id}")));
        assert_eq!(kept_page_key(&format!("/en/vacancies/{id}/")), Some(format!("en/vacancies/{id}")));
        for path in ["/en/vacancies", "/en/vacancies/not-an-id", "/xx/vacancies/{id}", "/en/companies/EE/1", "/"] {
            assert_eq!(kept_page_key(&path.replace("{id}", &id.to_string())), None, "{path}");
        }
        assert_eq!(kept_page_key(&format!("/en/vacancies/{id}/apply")), None);
    }

    #[test]
    fn a_known_route_gets_its_title_description_canonical_and_alternates() {
        let head = render_head("/en/contacts", ORIGIN);
        assert_eq!(head.status, StatusCode::OK);
        assert_eq!(head.locale, Locale::En);
        assert!(head.html.contains("<title>Contacts | Vakants</title>"));
        assert!(head.html.contains("<meta name=\"description\" content=\"Vakants contact details"));
        assert!(head.html.contains("<link rel=\"canonical\" href=\"https://vakants.ee/en/contacts\" />"));
        assert!(head.html.contains("hreflang=\"et\" href=\"https://vakants.ee/et/contacts\""));
        assert!(head.html.contains("hreflang=\"ru\" href=\"https://vakants.ee/ru/contacts\""));
        assert!(head.html.contains("hreflang=\"x-default\" href=\"https://vakants.ee/et/contacts\""));
        assert!(!head.html.contains("noindex"));
    }

    #[test]
    fn every_route_has_a_title_and_description_in_every_language() {
        for (pattern, head) in ROUTES {
            for i in 0..3 {
                assert!(!head.title[i].is_empty() && !head.description[i].is_empty(), "{pattern} [{i}]");
            }
            assert_ne!(head.title[0], head.title[2], "{pattern}: ru differs from et");
        }
    }

    #[test]
    fn the_home_page_canonical_ends_with_the_language_and_a_slash() {
        let head = render_head("/ru/", ORIGIN);
        assert!(head.html.contains("<title>Вакансии и кандидаты в Эстонии | Vakants</title>"));
        assert!(head.html.contains("<link rel=\"canonical\" href=\"https://vakants.ee/ru/\" />"));
        assert_eq!(render_head("/ru", ORIGIN).html, head.html);
    }

    #[test]
    fn a_path_without_a_language_gets_the_estonian_head() {
        let head = render_head("/", ORIGIN);
        assert_eq!(head.status, StatusCode::OK);
        assert_eq!(head.locale, Locale::Et);
        assert!(head.html.contains("href=\"https://vakants.ee/et/\""));
    }

    #[test]
    fn parameters_match_one_segment_each() {
        assert_eq!(render_head("/et/notifications/unsubscribe/mari/abc123", ORIGIN).status, StatusCode::OK);
        assert_eq!(render_head("/et/notifications/unsubscribe/mari", ORIGIN).status, StatusCode::NOT_FOUND);
        assert_eq!(render_head("/et/notifications/unsubscribe/mari//", ORIGIN).status, StatusCode::NOT_FOUND);
    }

    #[test]
    fn an_unknown_path_is_not_found_without_canonical_and_not_indexed() {
        let head = render_head("/en/no-such-page", ORIGIN);
        assert_eq!(head.status, StatusCode::NOT_FOUND);
        assert!(head.html.contains("<title>Page not found | Vakants</title>"));
        assert!(!head.html.contains("canonical"));
        assert!(head.html.contains("noindex"));
    }

    /// The screens of the web router (`web/e2e/routes.ts`, which a web test keeps equal to
    /// `web/src/app/router.tsx`) with their parameters as `*`: each is a route here, or a page whose
    /// head comes from the database (a vacancy, a company, a location).
    #[test]
    fn every_screen_of_the_web_router_is_a_known_route() {
        const DATABASE_PAGES: [&str; 3] = ["vacancies/*", "companies/*/*", "locations/*"];
        let screens: Vec<String> = include_str!("../../web/e2e/routes.ts")
            .lines()
            .filter_map(|line| line.split_once("pattern: '").and_then(|(_, rest)| rest.split_once('\'')).map(|(pattern, _)| pattern))
            .map(|pattern| pattern.split('/').map(|segment| if segment.starts_with(':') { "*" } else { segment }).collect::<Vec<_>>().join("/"))
            .collect();
        assert!(screens.len() > 50, "the screens are read from web/e2e/routes.ts");
        for screen in screens.iter().filter(|screen| !DATABASE_PAGES.contains(&screen.as_str())) {
            let path = format!("/en/{}", screen.replace('*', "x"));
            assert_eq!(render_head(&path, ORIGIN).status, StatusCode::OK, "{path} is a screen of the web app but not a route of api/src/web.rs");
        }
    }

    #[test]
    fn private_pages_are_not_indexed() {
        assert!(render_head("/et/login", ORIGIN).html.contains("noindex"));
        assert!(render_head("/et/account/profile", ORIGIN).html.contains("noindex"));
    }

    #[test]
    fn text_from_the_path_is_escaped() {
        let head = render_head("/et/notifications/unsubscribe/a\"><script>/t", ORIGIN);
        assert!(!head.html.contains("<script>"));
        assert!(head.html.contains("a&quot;&gt;&lt;script&gt;"));
    }

    #[test]
    fn json_in_html_cannot_end_its_script_or_open_a_comment() {
        let data = serde_json::json!({ "title": "Kokk </script><!-- <b>&amp; \u{2028}" });
        let json = json_for_html(&data);
        assert_eq!(json, r#"{"title":"Kokk \u003c/script\u003e\u003c!-- \u003cb\u003e\u0026amp; \u2028"}"#);
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
        assert_eq!(serde_json::from_str::<serde_json::Value>(&json).unwrap(), data, "the same data when read back");

        let head = HeadContent { title: "t".into(), description: "d".into(), indexable: true, image: None, json_ld: Some(data) };
        let html = render(Locale::En, "", ORIGIN, StatusCode::OK, &head).html;
        let script = html.split("<script type=\"application/ld+json\">").nth(1).unwrap().split("</script>").next().unwrap();
        assert_eq!(script, json);
    }

    #[test]
    fn the_index_gets_the_head_and_the_language() {
        let template = "<!doctype html>\n<html lang=\"et\">\n  <head>\n    <!--app-head-->\n  </head>\n</html>";
        let html = render_index(template, &render_head("/en/about-us", ORIGIN));
        assert!(html.contains("<html lang=\"en\">"));
        assert!(html.contains("<title>About us | Vakants</title>"));
        assert!(!html.contains(HEAD_MARKER));
    }

}
